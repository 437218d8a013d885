import type { PartialTexts } from '@vmer/domain/languages';
import type { InterfaceTexts } from './en.ts';

/**
 * The interface texts in Simplified Chinese written by hand. Every other text is converted from
 * the Traditional Chinese one when Simplified Chinese is first chosen; a text is written here
 * only where converting the Traditional one would say something else.
 */
export const cnSimplified: PartialTexts<InterfaceTexts> = {
  language: {
    saved: '界面已转为简体中文。下次登录时会沿用此选择。',
  },
};
