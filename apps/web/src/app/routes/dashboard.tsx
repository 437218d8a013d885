/** /dashboard (requirements A-12): the operations dashboard of the caller's insurers. */
export function Component() {
  return null;
}
