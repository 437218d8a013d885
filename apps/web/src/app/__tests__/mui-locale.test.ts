import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.restoreAllMocks();
});

describe("Material UI's texts by language", () => {
  it('an English page builds its theme without the first Intl.NumberFormat; the Chinese texts load when asked for', async () => {
    const numberFormat = vi.spyOn(Intl, 'NumberFormat');
    // Imported after the spy: what the modules do as they load is what is watched.
    const { loadMuiLocale, loadedMuiLocale } = await import('../mui-locale.ts');
    const { themeFor } = await import('../theme.ts');
    const english = loadedMuiLocale('en');
    expect(english).toBeDefined();
    themeFor(english!);
    expect(numberFormat).not.toHaveBeenCalled();

    expect(loadedMuiLocale('cn_traditional')).toBeUndefined();
    const traditional = await loadMuiLocale('cn_traditional');
    const simplified = await loadMuiLocale('cn_simplified');
    expect(numberFormat).toHaveBeenCalled();
    expect(loadedMuiLocale('cn_traditional')).toBe(traditional);
    const theme = themeFor(traditional);
    expect(theme.components?.MuiAutocomplete?.defaultProps?.clearText).toBe('清除');
    expect(simplified.components?.MuiAutocomplete?.defaultProps?.clearText).toBe('清空');
  });
});
