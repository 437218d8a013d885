/**
 * Answers on their way in a call that answers several at once (opening a disclosure,
 * requirements F-01): a query whose answer is expected here takes it instead of asking, once;
 * when the call brought nothing for it (it failed, or left that part out), the query asks
 * itself. Kept per store, as the RTK Query cache they stand in for.
 */
type Outcome<T> = { data: T } | { error: unknown } | undefined;

const byStore = new WeakMap<object, Map<string, Promise<Outcome<unknown>>>>();

/** How long an expected answer no query took stays: the screens that take it mount at once. */
const KEPT_MS = 30_000;

/** Says that `answer` will bring what the query named `key` answers. */
export function expectAnswer(store: object, key: string, answer: Promise<Outcome<unknown>>): void {
  let expected = byStore.get(store);
  if (!expected) byStore.set(store, (expected = new Map()));
  expected.set(key, answer);
  const forget = () => {
    setTimeout(() => {
      if (expected.get(key) === answer) expected.delete(key);
    }, KEPT_MS);
  };
  void answer.then(forget, forget);
}

/** The answer expected for `key`, taken (the next query of it asks afresh); undefined if none. */
export function takeAnswer<T>(store: object, key: string): Promise<Outcome<T>> | undefined {
  const expected = byStore.get(store);
  const answer = expected?.get(key);
  expected?.delete(key);
  return answer as Promise<Outcome<T>> | undefined;
}
