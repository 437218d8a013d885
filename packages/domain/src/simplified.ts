/**
 * Simplified Chinese derived from Traditional Chinese with OpenCC (Hong Kong Traditional to
 * mainland Simplified, words as well as characters). Importing this module registers the
 * converter, so every text without a hand-written Simplified version reads in Simplified
 * Chinese. It is a module of its own so that the browser loads the dictionaries only when
 * someone chooses Simplified Chinese.
 */
import { Converter } from 'opencc-js/t2cn';
import { registerDeriver } from './languages.ts';

/** Hong Kong Traditional Chinese to Simplified Chinese. */
export const toSimplified: (text: string) => string = Converter({ from: 'hk', to: 'cn' });

registerDeriver('cn_simplified', toSimplified);
