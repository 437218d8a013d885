import { Fragment } from 'react';

/** How a decision reads at a glance: decline, postpone, refer, exclusions, debit points, standard. */
export type DecisionTone = 'decline' | 'postpone' | 'refer' | 'exclusion' | 'debit' | 'standard';

/** A decision as the document writes it ('D', 'EX1,EX3', '50') and how it reads. */
function decisionTone(value: string): DecisionTone {
  if (value === 'D') return 'decline';
  if (value === 'P') return 'postpone';
  if (value === 'U') return 'refer';
  if (value.startsWith('EX')) return 'exclusion';
  return /^\d+$/.test(value) && Number(value) > 0 ? 'debit' : 'standard';
}

/**
 * Tinted backgrounds with dark text: each pair keeps a contrast above 7:1, so the colour adds to
 * the words and never takes readability from them (design §7, accessibility). A chart draws
 * each in its text colour, so the dashboard's decision mix reads like the decision table.
 */
export const DECISION_TONES: Record<DecisionTone, { background: string; color: string }> = {
  decline: { background: '#fdecea', color: '#8e1c1c' },
  postpone: { background: '#fff1e0', color: '#7a3d00' },
  refer: { background: '#e6f0fa', color: '#0b3f73' },
  exclusion: { background: '#f3e8f7', color: '#5e1f7a' },
  debit: { background: '#fff8dc', color: '#5c4400' },
  standard: { background: '#e7f4ea', color: '#1b5120' },
};

/** The shape every decision value has, whatever its tone (the theme's 6 px and 8 px). */
const VALUE_STYLE = {
  display: 'inline-block',
  padding: '0 6px',
  borderRadius: 8,
  fontWeight: 600,
  printColorAdjust: 'exact',
  WebkitPrintColorAdjust: 'exact',
} as const;

interface DecisionValueProps {
  value: string;
  /** Written before the value, as 'LIFE 25' where no column names the benefit. */
  indicator?: string;
}

/**
 * One decision in the colours every screen gives it (the decision table, the worklist, the case
 * view). In a narrow cell, down to a 390 px phone, a list of exclusions wraps after its commas;
 * a number or a code never breaks ('100' read as '10' over '0').
 */
export function DecisionValue({ value, indicator }: DecisionValueProps) {
  const text = indicator === undefined ? value : `${indicator} ${value}`;
  const parts = text.split(',');
  const tone = decisionTone(value);
  // A plain element with its tone as an inline style: a table shows dozens of values, and a
  // styled component would work out a style for each.
  return (
    <span data-tone={tone} style={{ ...DECISION_TONES[tone], ...VALUE_STYLE }}>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && (
            <>
              ,<wbr />
            </>
          )}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
