import type { Bilingual } from '@vmer/domain';

/** Messages of the platform's error answers, in both languages (design §5). */
export const HTTP_MESSAGES = {
  bad_request: { en: 'The request is not valid.', cn_traditional: '請求無效。' },
  malformed_json: {
    en: 'The request body is not valid JSON.',
    cn_traditional: '請求內容不是有效的 JSON。',
  },
  unsupported_media_type: {
    en: 'The request body must be JSON.',
    cn_traditional: '請求內容必須為 JSON。',
  },
  unauthorized: {
    en: 'Please sign in again: the sign-in token is missing, expired or not valid.',
    cn_traditional: '請重新登入：登入憑證缺失、已過期或無效。',
  },
  forbidden: { en: 'You are not allowed to do this.', cn_traditional: '您無權執行此操作。' },
  no_role: {
    en: 'Your account has not been given access to Video MER yet.',
    cn_traditional: '您的帳戶尚未獲授權使用 Video MER。',
  },
  not_found: { en: 'Not found.', cn_traditional: '找不到。' },
  method_not_allowed: {
    en: 'This method is not allowed here.',
    cn_traditional: '此處不允許此方法。',
  },
  conflict: {
    en: 'The record was changed by someone else. Reload and try again.',
    cn_traditional: '記錄已被他人更改。請重新載入後再試。',
  },
  payload_too_large: { en: 'The request is too large.', cn_traditional: '請求內容過大。' },
  uri_too_long: { en: 'The address is too long.', cn_traditional: '網址過長。' },
  too_many_requests: {
    en: 'Too many requests. Please wait a moment and try again.',
    cn_traditional: '請求過多。請稍候再試。',
  },
  service_unavailable: {
    en: 'The service is temporarily unavailable. Please try again shortly.',
    cn_traditional: '服務暫時無法使用。請稍後再試。',
  },
  internal_error: {
    en: 'Something went wrong on our side. Please try again.',
    cn_traditional: '系統發生錯誤。請再試一次。',
  },
  field_invalid: { en: 'This value is not valid.', cn_traditional: '此值無效。' },
  field_required: { en: 'This field is required.', cn_traditional: '此欄位為必填。' },
  field_unknown: { en: 'This field is not allowed.', cn_traditional: '不允許此欄位。' },
  field_too_long: { en: 'This value is too long.', cn_traditional: '此值過長。' },
  field_too_short: { en: 'This value is too short.', cn_traditional: '此值過短。' },
  field_too_big: { en: 'This value is too large.', cn_traditional: '此值過大。' },
  field_too_small: { en: 'This value is too small.', cn_traditional: '此值過小。' },
  field_not_allowed: {
    en: 'This value is not one of the allowed values.',
    cn_traditional: '此值不在允許的選項中。',
  },
  field_format: {
    en: 'This value is not in the expected format.',
    cn_traditional: '此值格式不正確。',
  },
  text_nul: {
    en: 'This text holds a character that is not allowed (NUL).',
    cn_traditional: '此文字包含不允許的字元 (NUL)。',
  },
  text_surrogate: {
    en: 'This text holds a character that is not allowed (a lone UTF-16 surrogate).',
    cn_traditional: '此文字包含不允許的字元 (單獨的 UTF-16 代理字元)。',
  },
  field_type: { en: 'This value has the wrong type.', cn_traditional: '此值類型不正確。' },
  // A schema's own messages for a field that breaks its particular rule.
  email_invalid: { en: 'This is not an e-mail address.', cn_traditional: '此電郵地址無效。' },

  // Disclosure lifecycle (design §4). {status} is one of the status_* texts below.
  disclosure_save_forbidden: {
    en: 'This disclosure is {status}: it can no longer be saved.',
    cn_traditional: '此披露{status}，不可再儲存。',
  },
  disclosure_submit_forbidden: {
    en: 'This disclosure is {status}: it cannot be submitted.',
    cn_traditional: '此披露{status}，不可提交。',
  },
  disclosure_validate_forbidden: {
    en: 'Only a submitted disclosure can be validated; this one is {status}.',
    cn_traditional: '只可核實已提交的披露；此披露{status}。',
  },
  disclosure_review_own_submission: {
    en: 'You submitted this disclosure, so another underwriter must validate or reject it.',
    cn_traditional: '此披露由您提交，須由另一位核保人核實或退回。',
  },
  disclosure_reject_forbidden: {
    en: 'Only a submitted disclosure can be rejected; this one is {status}.',
    cn_traditional: '只可退回已提交的披露；此披露{status}。',
  },
  disclosure_status_1: { en: 'new', cn_traditional: '為新建' },
  disclosure_status_2: { en: 'saved as a draft', cn_traditional: '已儲存為草稿' },
  disclosure_status_3: {
    en: 'submitted and awaiting validation',
    cn_traditional: '已提交並等待核實',
  },
  disclosure_status_4: { en: 'validated', cn_traditional: '已核實' },
  disclosure_status_5: { en: 'rejected', cn_traditional: '已退回' },
  disclosure_stale_version: {
    en: 'This disclosure was changed by someone else after you opened it. Reload it and try again.',
    cn_traditional: '您開啟此披露後，它已被他人更改。請重新載入後再試。',
  },
  disclosure_version_required: {
    en: 'Send the version of the disclosure you loaded.',
    cn_traditional: '請提供您載入的披露版本。',
  },
  disclosure_field_mismatch: {
    en: 'This value differs from the disclosure being changed.',
    cn_traditional: '此值與正在更改的披露不符。',
  },
  disclosure_json_malformed: {
    en: 'The disclosure document is not valid JSON.',
    cn_traditional: '披露文件不是有效的 JSON。',
  },
  disclosure_catalog_version_unknown: {
    en: 'There is no catalogue version with this number.',
    cn_traditional: '沒有此編號的目錄版本。',
  },
  catalog_version_not_found: {
    en: 'There is no catalogue version {version}.',
    cn_traditional: '沒有第 {version} 版目錄。',
  },
  disclosure_catalog_version_changed: {
    en: 'This disclosure was answered on catalogue version {stored} and cannot be saved under version {sent}. Reload it, or update it to the current catalogue first.',
    cn_traditional:
      '此披露按第 {stored} 版目錄作答，不可按第 {sent} 版儲存。請重新載入，或先將其更新至現行目錄。',
  },
  disclosure_update_catalogue_forbidden: {
    en: 'This disclosure is {status}: only a draft can be updated to the current catalogue.',
    cn_traditional: '此披露{status}，只有草稿可更新至現行目錄。',
  },
  disclosure_catalogue_current: {
    en: 'This disclosure already uses the current catalogue version.',
    cn_traditional: '此披露已使用現行目錄版本。',
  },
  disclosure_basic_data_incomplete: {
    en: 'The basic information is not complete.',
    cn_traditional: '基本資料尚未填妥。',
  },
  disclosure_no_decision: {
    en: 'The disclosure cannot be saved: no condition has a decision yet.',
    cn_traditional: '無法儲存披露：尚未有任何病症得出決定。',
  },
  disclosure_no_condition: {
    en: 'The disclosure cannot be saved: no condition is chosen.',
    cn_traditional: '無法儲存披露：尚未選擇病症。',
  },
  disclosure_choose_condition: {
    en: 'Choose at least one condition.',
    cn_traditional: '請至少選擇一項病症。',
  },
  disclosure_answer_a_condition: {
    en: 'Answer every mandatory question of at least one condition, so that it has a decision.',
    cn_traditional: '請回答至少一項病症的所有必答問題，使其得出決定。',
  },
  disclosure_document_invalid: {
    en: 'The disclosure document is not valid.',
    cn_traditional: '披露文件無效。',
  },
  disclosure_implausible: {
    en: 'The disclosure has answers that cannot be true.',
    cn_traditional: '披露中有不合理的答案。',
  },
  disclosure_answer_implausible: {
    en: '{condition}, question "{question}": {reason}',
    cn_traditional: '{condition}，問題「{question}」：{reason}',
  },
  disclosure_impairment_gender: {
    en: "{condition} does not apply to the applicant's gender.",
    cn_traditional: '「{condition}」不適用於申請人的性別。',
  },
  disclosure_question_unanswered: {
    en: '{condition}: please answer the question "{question}"',
    cn_traditional: '{condition}：請回答問題「{question}」',
  },
  disclosure_impairment_not_offered: {
    en: '{condition} is not offered for the product.',
    cn_traditional: '此產品不提供「{condition}」。',
  },
  // Review claims, overrides and revisions (design §10, requirements W-14 to W-18).
  review_claimed: {
    en: '{name} is reviewing this disclosure: only they can change it until they release it or their claim lapses.',
    cn_traditional: '{name} 正在審核此披露：在其釋放審核或審核認領失效前，只有其可作更改。',
  },
  review_claim_forbidden: {
    en: 'Only a submitted disclosure can be claimed for review; this one is {status}.',
    cn_traditional: '只可認領已提交的披露進行審核；此披露{status}。',
  },
  review_claim_own_submission: {
    en: 'You submitted this disclosure, so another underwriter must review it.',
    cn_traditional: '此披露由您提交，須由另一位核保人審核。',
  },
  review_not_claimed: {
    en: 'You do not hold the review of this disclosure, so there is nothing to release.',
    cn_traditional: '您並未認領此披露的審核，因此無需釋放。',
  },
  review_claim_required: {
    en: 'Start the review first: only the underwriter holding the review can override a decision.',
    cn_traditional: '請先開始審核：只有認領審核的核保人才可調整決定。',
  },
  override_forbidden: {
    en: "Only a submitted disclosure's decisions can be overridden; this one is {status}.",
    cn_traditional: '只可調整已提交披露的決定；此披露{status}。',
  },
  override_condition_unknown: {
    en: 'This disclosure has no such condition.',
    cn_traditional: '此披露沒有此病症。',
  },
  override_indicator_unknown: {
    en: "The disclosure's catalogue version has no such benefit.",
    cn_traditional: '此披露的目錄版本沒有此保障類別。',
  },
  override_exclusion_unknown: {
    en: "The disclosure's catalogue version has no exclusion {code}.",
    cn_traditional: '此披露的目錄版本沒有不保事項 {code}。',
  },
  revision_not_found: {
    en: 'This disclosure has no revision {revision}.',
    cn_traditional: '此披露沒有第 {revision} 個修訂版本。',
  },
  insurer_channel_unknown: {
    en: 'The insurer has no such channel.',
    cn_traditional: '保險公司沒有此渠道。',
  },
  insurer_product_unknown: {
    en: 'The channel has no such product.',
    cn_traditional: '此渠道沒有此產品。',
  },
  // Create An Account (design §5).
  account_request_recorded: {
    en: 'Thank you. Your request has been sent to the administrators, who will contact you by e-mail.',
    cn_traditional: '謝謝。您的申請已送交管理員，管理員將以電郵與您聯絡。',
  },
  // People and access, account requests (design §11).
  admin_user_created: { en: 'The person was created.', cn_traditional: '已建立人員。' },
  admin_user_name_taken: {
    en: 'This user name is already taken.',
    cn_traditional: '此使用者名稱已被使用。',
  },
  admin_email_taken: {
    en: 'Another person already has this e-mail address.',
    cn_traditional: '此電郵地址已屬於另一人。',
  },
  admin_subject_taken: {
    en: 'A person with this subject already exists.',
    cn_traditional: '已有使用此主體識別碼的人員。',
  },
  admin_insurer_not_held: {
    en: 'You can only grant insurers you hold yourself ({insurer} is not one of them).',
    cn_traditional: '您只可授予自己持有的保險公司（{insurer} 不在其中）。',
  },
  admin_insurers_empty: {
    en: 'Keep at least one insurer.',
    cn_traditional: '請保留至少一間保險公司。',
  },
  admin_own_account: {
    en: 'You cannot change your own role, insurers or activation.',
    cn_traditional: '您不可更改自己的角色、保險公司或啟用狀態。',
  },
  admin_not_manageable: {
    en: "Only an administrator holding all of this person's insurers can change their role or activation.",
    cn_traditional: '只有持有此人全部保險公司的管理員才可更改其角色或啟用狀態。',
  },
  admin_cursor_invalid: {
    en: 'This page does not belong to the current search. Start again from the first page.',
    cn_traditional: '此頁面不屬於目前的搜尋。請由第一頁重新開始。',
  },
  account_request_decided: {
    en: 'This request has already been decided.',
    cn_traditional: '此申請已作出決定。',
  },
  catalog_version_stale: {
    en: 'The catalogue was changed meanwhile: another version is active now. Reload and make your change again.',
    cn_traditional: '目錄已被更改，現時使用另一個版本。請重新載入後再作更改。',
  },
  insurer_code_fixed: {
    en: "An insurer's code cannot be changed.",
    cn_traditional: '保險公司代碼不可更改。',
  },
  insurer_added: {
    en: 'Insurer {code} added: catalogue version {version} is active.',
    cn_traditional: '已新增保險公司 {code}：現時使用目錄版本 {version}。',
  },
  insurer_invalid: {
    en: 'The insurer has {count} problem(s); nothing was saved.',
    cn_traditional: '保險公司資料有 {count} 個問題，未有儲存。',
  },
  idempotency_key_invalid: {
    en: 'An Idempotency-Key is 1 to 200 visible characters.',
    cn_traditional: 'Idempotency-Key 必須為 1 至 200 個可見字元。',
  },
  idempotency_key_reused: {
    en: 'This Idempotency-Key was already used for a different request.',
    cn_traditional: '此 Idempotency-Key 已用於另一個請求。',
  },
  idempotency_in_progress: {
    en: 'The same request is still being processed. Try again in a moment.',
    cn_traditional: '相同的請求仍在處理中。請稍後再試。',
  },
  webhook_created: {
    en: 'Webhook endpoint registered. Copy its signing secret now: it is not shown again.',
    cn_traditional: '已登記 Webhook 端點。請立即複製其簽署密鑰：密鑰不會再次顯示。',
  },
  webhook_url_invalid: {
    en: 'The address must be a full http or https URL.',
    cn_traditional: '地址必須為完整的 http 或 https 網址。',
  },
  webhook_url_https: {
    en: 'The address must use https.',
    cn_traditional: '地址必須使用 https。',
  },
  webhook_url_credentials: {
    en: 'The address must not contain a user name or password.',
    cn_traditional: '地址不可包含使用者名稱或密碼。',
  },
  webhook_insurer_not_yours: {
    en: 'You can register endpoints only for your own insurers.',
    cn_traditional: '您只可為自己的保險公司登記端點。',
  },
  webhook_delivery_pending: {
    en: 'This delivery is still being sent; it can be sent again once it is delivered or given up.',
    cn_traditional: '此傳送仍在進行中；待傳送成功或放棄後才可重新傳送。',
  },
  catalog_draft_not_editable: {
    en: 'Only a draft being edited can be changed; this one is {status}.',
    cn_traditional: '只可更改編輯中的草稿；此草稿的狀態為 {status}。',
  },
  catalog_draft_stale: {
    en: 'Someone saved this draft meanwhile (revision {revision}, {name}). Your edit is kept on the draft as a conflict copy.',
    cn_traditional:
      '此草稿已被他人儲存（修訂 {revision}，{name}）。您的修改已保留於草稿的衝突副本中。',
  },
  catalog_draft_not_submitted: {
    en: 'Only a submitted draft can be approved or returned; this one is {status}.',
    cn_traditional: '只可批准或退回已提交的草稿；此草稿的狀態為 {status}。',
  },
  catalog_draft_not_retirable: {
    en: 'An approved or released draft cannot be retired.',
    cn_traditional: '已批准或已發佈的草稿不可撤銷。',
  },
  catalog_draft_problems: {
    en: 'The draft has {count} problem(s) and cannot be submitted.',
    cn_traditional: '草稿有 {count} 個問題，不可提交。',
  },
  catalog_own_draft: {
    en: 'You wrote or submitted this draft: another administrator must approve it.',
    cn_traditional: '您曾編寫或提交此草稿：必須由另一位管理員批准。',
  },
  catalog_own_release: {
    en: 'You asked for this release: another administrator must approve it.',
    cn_traditional: '此發佈由您申請：必須由另一位管理員批准。',
  },
  catalog_release_not_requested: {
    en: 'This release is {status}: only a requested one can be approved.',
    cn_traditional: '此發佈的狀態為 {status}：只可批准已申請的發佈。',
  },
  catalog_release_not_cancellable: {
    en: 'This release is {status}: only a requested or scheduled one can be cancelled.',
    cn_traditional: '此發佈的狀態為 {status}：只可取消已申請或已排程的發佈。',
  },
  catalog_activate_at_past: {
    en: 'The activation time must be in the future.',
    cn_traditional: '啟用時間必須在將來。',
  },
  catalog_path_invalid: {
    en: 'Not a catalogue file: catalog.yaml, insurers.yaml or impairments/<name>.yaml.',
    cn_traditional: '並非目錄檔案：catalog.yaml、insurers.yaml 或 impairments/<名稱>.yaml。',
  },
  catalog_too_many_files: {
    en: 'A catalogue holds at most {max} files.',
    cn_traditional: '目錄最多可有 {max} 個檔案。',
  },
  catalog_file_too_big: {
    en: 'A file holds at most {max} characters.',
    cn_traditional: '每個檔案最多可有 {max} 個字元。',
  },
  catalog_invalid: {
    en: 'The catalogue has {count} problem(s); nothing was imported.',
    cn_traditional: '目錄有 {count} 個問題，未有匯入。',
  },
  catalog_zip_invalid: {
    en: 'The file is not a readable zip.',
    cn_traditional: '檔案並非可讀取的 zip。',
  },
  catalog_zip_too_big: {
    en: 'The zip is too large: at most {max} MB packed and {unpacked} MB unpacked.',
    cn_traditional: 'zip 過大：壓縮後最多 {max} MB，解壓後最多 {unpacked} MB。',
  },
  catalog_zip_ratio: {
    en: 'The zip unpacks to far more than its size, as a zip bomb does; it was not opened.',
    cn_traditional: 'zip 解壓後遠大於其大小（如 zip 炸彈）；未有開啟。',
  },
} satisfies Record<string, Bilingual>;

export type HttpMessageKey = keyof typeof HTTP_MESSAGES;
