import type { Bilingual } from '@vmer/domain';

/** Messages of the platform's error answers, in both languages (DESIGN.md §5). */
export const HTTP_MESSAGES = {
  bad_request: { en: 'The request is not valid.', cn_traditional: '請求無效。' },
  malformed_json: { en: 'The request body is not valid JSON.', cn_traditional: '請求內容不是有效的 JSON。' },
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
  method_not_allowed: { en: 'This method is not allowed here.', cn_traditional: '此處不允許此方法。' },
  conflict: {
    en: 'The record was changed by someone else. Reload and try again.',
    cn_traditional: '記錄已被他人更改。請重新載入後再試。',
  },
  payload_too_large: { en: 'The request is too large.', cn_traditional: '請求內容過大。' },
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
  field_not_allowed: { en: 'This value is not one of the allowed values.', cn_traditional: '此值不在允許的選項中。' },
  field_format: { en: 'This value is not in the expected format.', cn_traditional: '此值格式不正確。' },
  field_type: { en: 'This value has the wrong type.', cn_traditional: '此值類型不正確。' },
} satisfies Record<string, Bilingual>;

export type HttpMessageKey = keyof typeof HTTP_MESSAGES;
