import Box from '@mui/material/Box';
import { DIGIT_OPTIONS } from './choice-digits.ts';

/**
 * The digit that chooses an option (I-07), after its label: a small badge sighted keyboard
 * users discover when the question has the focus (always shown in an open list). Hidden from
 * screen readers, whose users learn the digits from the shortcuts dialog instead of hearing a
 * number in every option's name.
 */
function OptionDigit({ index, always = false }: { index: number; always?: boolean }) {
  if (index >= DIGIT_OPTIONS) return null;
  return (
    <Box
      component="span"
      aria-hidden="true"
      data-option-digit={index + 1}
      sx={{
        display: 'inline-block',
        ml: 1,
        px: 0.5,
        minWidth: '1.25em',
        border: 1,
        borderColor: 'divider',
        borderRadius: 0.5,
        color: 'text.secondary',
        fontSize: '0.75rem',
        lineHeight: 1.4,
        textAlign: 'center',
        verticalAlign: 'middle',
        opacity: always ? 1 : 0,
        '[data-question]:focus-within &': { opacity: 1 },
        '@media print': { display: 'none' },
      }}
    >
      {index + 1}
    </Box>
  );
}

/** An option's label with its digit (I-07). */
export function LabelWithDigit({
  label,
  index,
  always,
}: {
  label: string;
  index: number;
  always?: boolean;
}) {
  return (
    <>
      <span>{label}</span>
      <OptionDigit index={index} always={always} />
    </>
  );
}
