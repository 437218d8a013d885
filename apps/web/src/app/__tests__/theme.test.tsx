import CssBaseline from '@mui/material/CssBaseline';
import TextField from '@mui/material/TextField';
import { ThemeProvider } from '@mui/material/styles';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { themeFor } from '../theme.ts';

/** The style elements in the page that define the keyframes a name. */
const keyframesOf = (name: string) =>
  [...document.head.querySelectorAll('style')].filter((style) =>
    new RegExp(`@keyframes ${name}\\s*\\{`).test(style.textContent ?? ''),
  );

describe('the theme', () => {
  it("writes Material UI's autofill keyframes once, not once per input, and every input keeps the autofill animation", () => {
    render(
      <ThemeProvider theme={themeFor({})}>
        <CssBaseline />
        {['Application number', 'Height', 'Weight', 'Notes'].map((label) => (
          <TextField key={label} label={label} multiline={label === 'Notes'} />
        ))}
      </ThemeProvider>,
    );
    expect(keyframesOf('mui-auto-fill')).toHaveLength(1);
    expect(keyframesOf('mui-auto-fill-cancel')).toHaveLength(1);
    for (const label of ['Application number', 'Height', 'Weight', 'Notes']) {
      const input = screen.getByRole('textbox', { name: label });
      expect(getComputedStyle(input).animationName, label).toBe('mui-auto-fill-cancel');
    }
  });
});
