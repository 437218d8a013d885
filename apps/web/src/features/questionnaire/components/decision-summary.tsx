import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { memo, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  formatIndicatorResult,
  type ConsolidatedDecision,
  type Driver,
  type ImpairmentDecision,
  type IndicatorDecision,
} from '@vmer/domain/decision-engine';
import { textIn } from '@vmer/domain/languages';
import type { Indicator, Language } from '@vmer/domain/model';
import type { QuestionNumbers } from '@vmer/domain/paging';
import type { ChosenImpairment } from '@vmer/domain/questionnaire';
import { OVERRIDE_REASON_LABELS, type Override } from '@vmer/domain/workbench';
import { DecisionValue } from '../../../components/decision-value.tsx';
import { TitledSection } from '../../../components/titled-section.tsx';

interface DecisionSummaryProps {
  chosen: readonly ChosenImpairment[];
  decisions: readonly ImpairmentDecision[];
  consolidated: ConsolidatedDecision;
  indicators: readonly Indicator[];
  /** Each shown question's questionnaire-wide number, by condition then question uuid. */
  numbers: QuestionNumbers;
  language: Language;
  /**
   * What drove each decision: in expandable rows on screen, as plain lists on paper (where
   * nothing can be expanded).
   */
  drivers?: 'expandable' | 'listed';
  /**
   * Whether the table scrolls sideways itself when it is wider than its place (it keeps to
   * the width it is given down to a phone; a reviewer's override buttons can widen it); false
   * where a region around it scrolls it instead.
   */
  scrolls?: boolean;
  /** A reviewer's overrides, shown beside the engine's decisions (W-18). */
  overrides?: readonly Override[];
  /** Offered to the reviewer holding the claim: override one condition's decision for a benefit. */
  onOverride?: (target: OverrideTarget) => void;
}

/** One condition's decision for one benefit, as the reviewer overrides it. */
export interface OverrideTarget {
  impairmentUuid: string;
  condition: string;
  indicator: string;
  benefit: string;
  /** The engine's decision, as the document writes it. */
  engine: string;
  /** The override it has now, if any. */
  current?: Override;
}

/**
 * How the decision table and its reasons look: plain elements under this one stylesheet, not a
 * styled component per cell, reason and value (a disclosure of 10 conditions shows some 160;
 * each answer renders the consolidated row and a changed condition's row again). The table keeps
 * to the width it is given, down to a 390 px phone: cells are narrower there, results wrap
 * between words, and a condition's name (the first column) wraps even inside a long word rather
 * than pushing the results out of sight. A reason opens and closes from its button, which
 * shows a chevron turning with it.
 */
const DECISION_STYLES = {
  '& .decision-table[data-scrolls]': { overflowX: 'auto' },
  '& table': { width: '100%', borderCollapse: 'collapse', typography: 'body2' },
  '& th, & td': {
    px: { xs: 0.5, sm: 2 },
    py: 0.75,
    textAlign: 'left',
    borderBottom: 1,
    borderColor: 'divider',
  },
  '& thead th': { fontWeight: 500, lineHeight: '1.5rem' },
  '& tbody th': { fontWeight: 400 },
  '& th:first-of-type': { overflowWrap: 'anywhere', minWidth: { xs: 88, sm: 160 } },
  '& tr.consolidated > *': { fontWeight: 600 },
  '& .why-toggle': {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: 1,
    width: '100%',
    minHeight: 48,
    px: 2,
    border: 0,
    borderBottom: 1,
    borderColor: 'divider',
    background: 'none',
    color: 'text.primary',
    typography: 'body2',
    textAlign: 'left',
    cursor: 'pointer',
  },
  '& .why-toggle:hover': { backgroundColor: 'action.hover' },
  '& .why-toggle:focus-visible': {
    outline: '2px solid',
    outlineColor: 'primary.main',
    outlineOffset: -2,
  },
  '& .why-toggle::after': {
    content: '""',
    flexShrink: 0,
    width: 8,
    height: 8,
    mr: 0.5,
    borderRight: 2,
    borderBottom: 2,
    borderColor: 'action.active',
    transform: 'rotate(45deg)',
    transition: 'transform 150ms',
  },
  '& .why-toggle[aria-expanded="true"]::after': { transform: 'rotate(225deg)' },
  '& .why-details': { px: 2, py: 1, typography: 'body2' },
  '& .why-details ul': { m: 0, pl: 3 },
  '& .why-indicator': { mb: 1 },
  '& .why-indicator > p': { m: 0, fontWeight: 600 },
  '& .why-listed': { mt: 1.5, breakInside: 'avoid', typography: 'body2' },
  '& .why-listed > p': { m: 0, mb: 0.5, fontWeight: 600 },
} as const;

/**
 * An overridden decision beside the engine's (W-18, design §10): "Engine: 50", "Override: D",
 * then the reason, the note and who made it.
 */
function OverriddenDecision({
  override,
  engine,
  language,
}: {
  override: Override;
  engine: string;
  language: Language;
}) {
  const { t } = useTranslation();
  const reason = textIn(OVERRIDE_REASON_LABELS[override.reason], language);
  return (
    <Box component="span" data-override={override.decision} sx={{ display: 'block' }}>
      <Typography component="span" variant="body2" sx={{ display: 'block' }}>
        {t('mer.override.engine', { decision: engine })}
      </Typography>
      <Typography component="span" variant="body2" sx={{ display: 'block' }}>
        {t('mer.override.overridden')} <DecisionValue value={override.decision} />
      </Typography>
      <Typography
        component="span"
        variant="caption"
        color="text.secondary"
        sx={{ display: 'block', overflowWrap: 'anywhere' }}
      >
        {t('mer.override.why', { reason, by: override.by })}
        {override.note ? ` – ${override.note}` : ''}
      </Typography>
    </Box>
  );
}

interface DecisionRowProps {
  impairment: ChosenImpairment['impairment'];
  decision: ImpairmentDecision | undefined;
  indicators: readonly Indicator[];
  language: Language;
  overrides: readonly Override[];
  onOverride: ((target: OverrideTarget) => void) | undefined;
}

/**
 * One condition's row: its decision per indicator. Memoised, like {@link Drivers}: an answer
 * renders again the row of the condition it changed the decision of, not all the others (the
 * model keeps a decision that did not change the same object, use-disclosure-model.ts).
 */
const DecisionRow = memo(function DecisionRow({
  impairment,
  decision,
  indicators,
  language,
  overrides,
  onOverride,
}: DecisionRowProps) {
  const { t } = useTranslation();
  const pending = t('mer.disclosure.pending');
  const condition = textIn(impairment.name, language);
  return (
    <tr data-impairment={impairment.uuid}>
      <th scope="row">{condition}</th>
      {indicators.map((indicator) => {
        const result = decision?.indicators?.[indicator.code];
        const engine = result ? formatIndicatorResult(result) : null;
        const overridden = overrides.find(
          (o) => o.impairmentUuid === impairment.uuid && o.indicator === indicator.code,
        );
        const benefit = textIn(indicator.label, language);
        return (
          <td key={indicator.code} data-indicator={indicator.code}>
            {overridden ? (
              <OverriddenDecision
                override={overridden}
                engine={engine ?? pending}
                language={language}
              />
            ) : engine ? (
              <DecisionValue value={engine} />
            ) : (
              pending
            )}
            {onOverride && engine && (
              <Button
                size="small"
                sx={{ display: 'block', minWidth: 0, px: 0.5 }}
                aria-label={t('mer.override.buttonLabel', { condition, benefit })}
                onClick={() =>
                  onOverride({
                    impairmentUuid: impairment.uuid,
                    condition,
                    indicator: indicator.code,
                    benefit,
                    engine,
                    ...(overridden ? { current: overridden } : {}),
                  })
                }
              >
                {t('mer.override.button')}
              </Button>
            )}
          </td>
        );
      })}
    </tr>
  );
});

/**
 * A condition's reasons on screen: a button that opens and closes them (`aria-expanded`), and
 * the region it controls. Closed, the reasons are not rendered at all: with 300 questions they
 * are hundreds of lines, which each answer would render again for nothing (I-24).
 */
function ExpandableWhy({ title, children }: { title: string; children: () => ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div>
      <button
        type="button"
        id={`${id}-toggle`}
        className="why-toggle"
        aria-expanded={open}
        aria-controls={`${id}-details`}
        onClick={() => setOpen((was) => !was)}
      >
        {title}
      </button>
      {open && (
        <div
          id={`${id}-details`}
          role="region"
          aria-labelledby={`${id}-toggle`}
          className="why-details"
        >
          {children()}
        </div>
      )}
    </div>
  );
}

interface DriversProps {
  impairment: ChosenImpairment['impairment'];
  decided: Record<string, IndicatorDecision>;
  indicators: readonly Indicator[];
  /** The condition's own questions' numbers, by question uuid. */
  numbers: ReadonlyMap<string, number> | undefined;
  language: Language;
  drivers: 'expandable' | 'listed';
}

/** Whether two conditions' question numbers are the same, whichever maps hold them. */
function sameNumbers(
  a: ReadonlyMap<string, number> | undefined,
  b: ReadonlyMap<string, number> | undefined,
): boolean {
  if (a === b) return true;
  if (!a || !b || a.size !== b.size) return false;
  for (const [uuid, n] of a) if (b.get(uuid) !== n) return false;
  return true;
}

/**
 * What drove one condition's decisions ("why"): an expandable section on screen, a list on
 * paper. Memoised: it renders again when its own decisions, or its own questions' numbers
 * (an answer showing questions before it renumbers them), changed.
 */
const Drivers = memo(
  function Drivers({ impairment, decided, indicators, numbers, language, drivers }: DriversProps) {
    const { t } = useTranslation();
    const driverText = (driver: Driver): string => {
      if (driver.kind === 'bmi') return t('mer.disclosure.driverBmi');
      const n = numbers?.get(driver.questionUuid) ?? '?';
      if (driver.kind === 'free-form') return t('mer.disclosure.driverFreeForm', { n });
      if (driver.kind === 'band') return t('mer.disclosure.driverBand', { n });
      const question = impairment.questionList.find((q) => q.uuid === driver.questionUuid);
      const option = question?.answerList.find((o) => o.uuid === driver.optionUuid);
      return t('mer.disclosure.driverOption', {
        n,
        answer: option ? textIn(option.label, language) : driver.optionUuid,
      });
    };
    const title = t('mer.disclosure.drivers', { name: textIn(impairment.name, language) });
    const details = () =>
      indicators.map((indicator) => {
        const result = decided[indicator.code];
        if (!result) return null;
        return (
          <div key={indicator.code} className="why-indicator">
            <p>
              {textIn(indicator.label, language)}: {formatIndicatorResult(result)}
            </p>
            <ul>
              {result.drivers.map((driver, j) => (
                <li key={j}>
                  {driverText(driver)} → {driver.value}
                </li>
              ))}
            </ul>
          </div>
        );
      });
    if (drivers === 'listed') {
      return (
        <section aria-label={title} data-drivers={impairment.uuid} className="why-listed">
          <p>{title}</p>
          {details()}
        </section>
      );
    }
    return <ExpandableWhy title={title}>{details}</ExpandableWhy>;
  },
  (before, after) =>
    before.impairment === after.impairment &&
    before.decided === after.decided &&
    before.indicators === after.indicators &&
    before.language === after.language &&
    before.drivers === after.drivers &&
    sameNumbers(before.numbers, after.numbers),
);

/** No overrides: the same empty list from render to render, so that rows stay memoised. */
const NO_OVERRIDES: readonly Override[] = [];

/**
 * Each condition's decision per indicator, with what drove it (expandable), and the
 * consolidated decision across conditions (requirements §4, M-29). Computed by the domain's engine.
 */
export function DecisionSummary({
  chosen,
  decisions,
  consolidated,
  indicators,
  numbers,
  language,
  drivers = 'expandable',
  scrolls = true,
  overrides = NO_OVERRIDES,
  onOverride,
}: DecisionSummaryProps) {
  const { t } = useTranslation();
  const pending = t('mer.disclosure.pending');

  return (
    <TitledSection title={t('mer.disclosure.decisions')} sx={DECISION_STYLES}>
      <div className="decision-table" data-scrolls={scrolls ? '' : undefined}>
        <table>
          <thead>
            <tr>
              <th scope="col">{t('mer.disclosure.condition')}</th>
              {indicators.map((indicator) => (
                <th key={indicator.code} scope="col">
                  {textIn(indicator.label, language)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {chosen.map(({ impairment }, i) => (
              <DecisionRow
                key={impairment.uuid}
                impairment={impairment}
                decision={decisions[i]}
                indicators={indicators}
                language={language}
                overrides={overrides}
                onOverride={onOverride}
              />
            ))}
            <tr className="consolidated">
              <th scope="row">{t('mer.disclosure.consolidated')}</th>
              {indicators.map((indicator) => {
                const result = consolidated.indicators[indicator.code];
                return (
                  <td key={indicator.code}>
                    {consolidated.complete && result ? (
                      <DecisionValue value={formatIndicatorResult(result)} />
                    ) : (
                      pending
                    )}
                  </td>
                );
              })}
            </tr>
          </tbody>
        </table>
      </div>
      {chosen.map(({ impairment }, i) => {
        const decided = decisions[i]?.indicators;
        if (!decided) return null;
        return (
          <Drivers
            key={impairment.uuid}
            impairment={impairment}
            decided={decided}
            indicators={indicators}
            numbers={numbers.get(impairment.uuid)}
            language={language}
            drivers={drivers}
          />
        );
      })}
    </TitledSection>
  );
}
