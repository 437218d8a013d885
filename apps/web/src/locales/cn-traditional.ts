import type { InterfaceTexts } from './en.ts';

/** The interface texts in Traditional Chinese as written in Hong Kong. */
export const cnTraditional: InterfaceTexts = {
  app: {
    name: 'Video MER',
    skipToContent: '跳至主要內容',
  },
  common: {
    cancel: '取消',
    close: '關閉',
    loading: '載入中',
    reload: '重新載入',
  },
  landing: {
    title: '登入',
    intro: '人壽保險核保專用的視像體檢申報工具。',
    signIn: '登入',
    or: '或',
    createAccount: '建立帳戶',
  },
  auth: {
    signingIn: '正在登入',
    signingOut: '正在登出',
    callbackErrorTitle: '登入失敗',
    backToLogin: '返回登入',
    sessionEnded: '你的登入時段已結束，請重新登入。',
  },
  header: {
    insurer: '保險公司',
    channel: '銷售渠道',
    product: '產品',
    selectionLabel: '保險公司、銷售渠道及產品',
    chooseValue: '{label}：{value}。更改',
    fullScreen: '全螢幕',
    language: '語言設定',
    logout: '登出',
    userLabel: '已登入用戶',
  },
  footer: {
    links: '法律及支援',
    copyright: '© {year} {company}。版權所有。',
    privacy: '私隱政策',
    helpDesk: '服務台',
  },
  language: {
    dialogTitle: '語言',
    english: '英文',
    traditionalChinese: '繁體中文',
    saved: '介面已轉為繁體中文。下次登入時會沿用此選擇。',
  },
  feedback: {
    networkError: '網絡錯誤',
    requestFailed: '要求失敗，狀態碼 {status}',
    chunkFailed: '載入程式區塊 {name} 失敗',
    chunkFailedHelp: '應用程式部分內容未能載入。請檢查網絡連線，然後重新載入頁面。',
  },
  errors: {
    unexpected: '應用程式發生預期以外的錯誤！',
    notFound: '你要求的頁面並不存在。',
    goHome: '前往首頁',
  },
  questionnaire: {
    title: '視像體檢申報',
    basicInformation: '基本資料',
    questionnaire: '問卷',
    disclosure: '視像體檢申報',
    requestLabel: '申報要求 {requestId}',
  },
  privacy: {
    title: '私隱政策',
    updated: '最後更新：{date}',
    intro: '{company} 為保險公司及其職員營運 Video MER。本聲明說明本工具處理哪些個人資料及其原因。',
    collectTitle: '我們處理的資料',
    collect:
      '你的姓名、工作電郵、所屬保險公司、角色及語言偏好，用於讓你登入及顯示正確的保險公司。你代表所屬保險公司在申報中記錄的申請人資料（申請編號、年齡、性別、風險評分、身高、體重、吸煙狀況及病症）。',
    useTitle: '處理資料的目的',
    use: '只用於提供核保決定及保存保險公司所需的申報紀錄。每間保險公司只能查閱其本身的紀錄。申報的每項更改均記錄於審計紀錄中。',
    keepTitle: '保存期限',
    keep: '按保險公司的紀錄保存規定所需的期限保存，其後刪除。',
    rightsTitle: '你的權利',
    rights:
      '根據《個人資料（私隱）條例》（第 486 章），你可要求查閱或改正你的個人資料。請電郵服務台：',
  },
  accountRequest: {
    title: '申請使用權限',
    howAccessWorks:
      'Video MER 帳戶只供使用本工具的保險公司職員使用。你所屬保險公司的管理員會審批每項申請並設定你的角色，之後你便可使用公司帳戶登入。',
    name: '全名',
    email: '工作電郵',
    insurer: '保險公司',
    role: '申請角色',
    roles: {
      agent: '代理人',
      interviewer: '電話訪問員',
      underwriter: '核保員',
    },
    formIntro: '請填寫表格，你的電郵程式隨即會開啟一封寄給管理員（{email}）的申請電郵。',
    submit: '撰寫申請',
    backToSignIn: '返回登入',
    mailSubject: 'Video MER 使用權限申請',
    prepared: '你的電郵程式已開啟寄給管理員的申請電郵。請發送該電郵以完成申請。',
    required: '必須填寫此欄',
    invalidEmail: '請輸入有效的電郵地址',
    tooLong: '最多 {max} 個字元',
  },
};
