import { DIGIT_OPTIONS } from './choice-digits.ts';

/**
 * How an option's digit looks, for the containers that show options (the questions' list, an
 * open dropdown): one style for all their digits rather than a styled component per option. A
 * digit shows while its question has the focus, and always in an open list (`data-always`).
 */
export const OPTION_DIGIT_STYLES = {
  '& .option-digit': {
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
    opacity: 0,
    '@media print': { display: 'none' },
  },
  '& .option-digit[data-always], & [data-question]:focus-within .option-digit': { opacity: 1 },
} as const;

/**
 * The digit that chooses an option (I-07), after its label: a small badge sighted keyboard
 * users discover when the question has the focus (always shown in an open list). Hidden from
 * screen readers, whose users learn the digits from the shortcuts dialog instead of hearing a
 * number in every option's name. A plain element, styled by its container's
 * {@link OPTION_DIGIT_STYLES}.
 */
function OptionDigit({ index, always = false }: { index: number; always?: boolean }) {
  if (index >= DIGIT_OPTIONS) return null;
  return (
    <span
      className="option-digit"
      aria-hidden="true"
      data-option-digit={index + 1}
      data-always={always ? '' : undefined}
    >
      {index + 1}
    </span>
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
