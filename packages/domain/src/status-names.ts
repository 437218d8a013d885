/**
 * The name of each disclosure status (design §4) as people read it: the worklist's status
 * chips and filters, the timeline and the worklist download all say the same words.
 */
import type { LocalizedText } from './languages.ts';
import type { DisclosureStatus } from './model.ts';

export const STATUS_NAMES: Readonly<Record<DisclosureStatus, LocalizedText>> = {
  1: { en: 'New', cn_traditional: '新建' },
  2: { en: 'Saved', cn_traditional: '已儲存' },
  3: { en: 'Submitted', cn_traditional: '已提交' },
  4: { en: 'Validated', cn_traditional: '已確認' },
  5: { en: 'Rejected', cn_traditional: '已退回' },
};
