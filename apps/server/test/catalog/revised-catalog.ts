/**
 * A second catalogue version for the pinning tests: the shipped catalogue with Gallstones
 * revised. One question is reworded, one option's decision is raised, one question is gone and
 * one is new, and the wording of its exclusion (EX5) changes, so a disclosure answered on the
 * shipped version reads, decides, exports and prints differently on this one.
 */
import {
  readSourceDir,
  SHIPPED_CATALOG_DIR,
  type SourceTexts,
} from '../../src/catalog/source-files.ts';

const FILE = 'impairments/gallstones.yaml';

/** The symptoms question's wording, before and after the revision. */
export const SYMPTOMS_WORDING = {
  shipped: {
    en: 'Have the gallstones caused any symptoms?',
    cn_traditional: '膽石曾否引起任何病徵？',
  },
  revised: {
    en: 'Have the gallstones ever caused pain or other symptoms?',
    cn_traditional: '膽石是否曾經引起疼痛或其他病徵？',
  },
} as const;

/** "No, surgery is advised or planned": LIFE 25 / CI 0 when shipped, LIFE 50 / CI 25 revised. */
export const PLANNED_SURGERY = 'gallstones-surgery-planned';
export const PLANNED_SURGERY_DECISION = {
  shipped: { LIFE: '25', CI: '0' },
  revised: { LIFE: '50', CI: '25' },
} as const;

/** The wording of the exclusion Gallstones' decisions name (EX5), before and after. */
export const EX5_WORDING = {
  shipped:
    'Any disease or disorder of the gallbladder and bile ducts, including gallstones and cholecystitis, and any complication arising from it, is excluded.',
  revised: 'Any disease of the gallbladder or bile ducts, and any complication of it, is excluded.',
} as const;

/** The question the revision removes, and the one it adds. */
export const REMOVED_QUESTION = 'gallstones-scan';
export const ADDED_QUESTION = {
  uuid: 'gallstones-diet',
  en: 'Has a doctor advised a special diet?',
} as const;

function replaceOnce(text: string, from: string, to: string): string {
  if (text.split(from).length !== 2) throw new Error(`"${from}" is not once in ${FILE}`);
  return text.replace(from, to);
}

/** The shipped catalogue's files with Gallstones revised. */
export async function revisedCatalog(): Promise<SourceTexts> {
  const files = await readSourceDir(SHIPPED_CATALOG_DIR);
  const key = Object.keys(files).find((name) => name.endsWith(FILE));
  if (!key) throw new Error(`no ${FILE} in the shipped catalogue`);
  let text = files[key]!;
  // Its regression cases describe the shipped rules.
  text = text.slice(0, text.indexOf('\ncases:') + 1);
  text = replaceOnce(text, SYMPTOMS_WORDING.shipped.en, SYMPTOMS_WORDING.revised.en);
  text = replaceOnce(
    text,
    SYMPTOMS_WORDING.shipped.cn_traditional,
    SYMPTOMS_WORDING.revised.cn_traditional,
  );
  text = replaceOnce(
    text,
    `label: { en: "No, surgery is advised or planned", cn_traditional: "否，醫生建議或已安排手術" }
        decision: { LIFE: "25", CI: "0", MED: EX5 }`,
    `label: { en: "No, surgery is advised or planned", cn_traditional: "否，醫生建議或已安排手術" }
        decision: { LIFE: "50", CI: "25", MED: EX5 }`,
  );
  const start = text.indexOf(`  - uuid: ${REMOVED_QUESTION}\n`);
  const end = text.indexOf('  - uuid: gallstones-surgery\n');
  if (start < 0 || end < start) throw new Error(`no ${REMOVED_QUESTION} block in ${FILE}`);
  text = `${text.slice(0, start)}${text.slice(end)}`;
  text += `  - uuid: ${ADDED_QUESTION.uuid}
    type: R
    group: gallstones-g-treatment
    mandatory: N
    question: { en: "${ADDED_QUESTION.en}", cn_traditional: "醫生有否建議特別飲食？" }
    options:
      - uuid: gallstones-diet-yes
        label: { en: "Yes", cn_traditional: "有" }
        decision: { LIFE: "0", CI: "0", MED: EX5 }
      - uuid: gallstones-diet-no
        label: { en: "No", cn_traditional: "沒有" }
        decision: { LIFE: "0", CI: "0", MED: EX5 }
`;
  const catalog = replaceOnce(files['catalog.yaml']!, EX5_WORDING.shipped, EX5_WORDING.revised);
  return { ...files, [key]: text, 'catalog.yaml': catalog };
}
