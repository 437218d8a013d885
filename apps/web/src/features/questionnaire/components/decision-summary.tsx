import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { memo, type ReactNode } from 'react';
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
 * The table keeps to the width it is given, down to a 390 px phone: cells are narrower there,
 * results wrap between words, and a condition's name (the first column) wraps even inside a
 * long word rather than pushing the results out of sight.
 */
const FITTING_TABLE = {
  width: '100%',
  '& th, & td': { px: { xs: 0.5, sm: 2 } },
  '& th:first-of-type': { overflowWrap: 'anywhere', minWidth: { xs: 88, sm: 160 } },
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

/** What `render` answers, worked out only when this is rendered (an expanded accordion). */
function Deferred({ render }: { render: () => ReactNode }) {
  return render();
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
    <TableRow data-impairment={impairment.uuid}>
      <TableCell component="th" scope="row">
        {condition}
      </TableCell>
      {indicators.map((indicator) => {
        const result = decision?.indicators?.[indicator.code];
        const engine = result ? formatIndicatorResult(result) : null;
        const overridden = overrides.find(
          (o) => o.impairmentUuid === impairment.uuid && o.indicator === indicator.code,
        );
        const benefit = textIn(indicator.label, language);
        return (
          <TableCell key={indicator.code} data-indicator={indicator.code}>
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
          </TableCell>
        );
      })}
    </TableRow>
  );
});

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
          <Box key={indicator.code} sx={{ mb: 1 }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {textIn(indicator.label, language)}: {formatIndicatorResult(result)}
            </Typography>
            <Box component="ul" sx={{ m: 0, pl: 3 }}>
              {result.drivers.map((driver, j) => (
                <Typography key={j} component="li" variant="body2">
                  {driverText(driver)} → {driver.value}
                </Typography>
              ))}
            </Box>
          </Box>
        );
      });
    if (drivers === 'listed') {
      return (
        <Box
          component="section"
          aria-label={title}
          data-drivers={impairment.uuid}
          sx={{ mt: 1.5, breakInside: 'avoid' }}
        >
          <Typography variant="body2" sx={{ fontWeight: 600, mb: 0.5 }}>
            {title}
          </Typography>
          {details()}
        </Box>
      );
    }
    return (
      <Accordion
        disableGutters
        elevation={0}
        sx={{ '&:before': { display: 'none' } }}
        // Collapsed, the drivers are not rendered at all: with 300 questions they are
        // hundreds of lines, which each answer would render again for nothing (I-24).
        slotProps={{ transition: { unmountOnExit: true } }}
      >
        <AccordionSummary expandIcon={<ExpandMoreIcon />}>
          <Typography variant="body2">{title}</Typography>
        </AccordionSummary>
        <AccordionDetails>
          <Deferred render={details} />
        </AccordionDetails>
      </Accordion>
    );
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
  overrides = NO_OVERRIDES,
  onOverride,
}: DecisionSummaryProps) {
  const { t } = useTranslation();
  const pending = t('mer.disclosure.pending');

  return (
    <TitledSection title={t('mer.disclosure.decisions')}>
      <TableContainer>
        <Table size="small" sx={FITTING_TABLE}>
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col">
                {t('mer.disclosure.condition')}
              </TableCell>
              {indicators.map((indicator) => (
                <TableCell key={indicator.code} component="th" scope="col">
                  {textIn(indicator.label, language)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
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
            <TableRow>
              <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
                {t('mer.disclosure.consolidated')}
              </TableCell>
              {indicators.map((indicator) => {
                const result = consolidated.indicators[indicator.code];
                return (
                  <TableCell key={indicator.code} sx={{ fontWeight: 600 }}>
                    {consolidated.complete && result ? (
                      <DecisionValue value={formatIndicatorResult(result)} />
                    ) : (
                      pending
                    )}
                  </TableCell>
                );
              })}
            </TableRow>
          </TableBody>
        </Table>
      </TableContainer>
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
