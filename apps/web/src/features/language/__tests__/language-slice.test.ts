import { describe, expect, it } from 'vitest';
import { languageChosen, languageRestored, languageSlice } from '../language-slice.ts';

const start = () => languageSlice.reducer(undefined, { type: 'start' });

describe('the language of the interface', () => {
  it("L-19 the user's saved language applies when user info brings it", () => {
    expect(languageSlice.reducer(start(), languageRestored('cn_traditional')).language).toBe(
      'cn_traditional',
    );
  });

  it('L-19 a language chosen while user info was on its way stands when it arrives with the one saved before', () => {
    const chosen = languageSlice.reducer(start(), languageChosen('cn_traditional'));
    expect(languageSlice.reducer(chosen, languageRestored('en')).language).toBe('cn_traditional');
  });
});
