/**
 * The catalogue check in a worker of its own: a whole catalogue takes most of a second to
 * check, which in the page would stop the editor taking keys meanwhile.
 */
import { checkSourceTexts } from '@vmer/domain/catalog/source-texts';
import type { CheckRequest, CheckAnswer } from './use-catalogue-check.ts';

const scope = globalThis as unknown as {
  onmessage: ((event: MessageEvent<CheckRequest>) => void) | null;
  postMessage: (answer: CheckAnswer) => void;
};

scope.onmessage = ({ data: { id, texts } }) => {
  scope.postMessage({ id, problems: checkSourceTexts(texts).problems });
};
