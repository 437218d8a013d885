import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type * as PaginationModule from '@mui/material/Pagination';
import type { PaginationProps } from '@mui/material/Pagination';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type * as PrintIconModule from '@mui/icons-material/Print';
import type * as SwitchModule from '@mui/material/Switch';
import type { SwitchProps } from '@mui/material/Switch';
import type * as DecisionValueModule from '../../../components/decision-value.tsx';
import type * as EventIconModule from '@mui/icons-material/Event';
import type { AppStore } from '../../../app/store.ts';
import { disclosureLoaded, NEW_SESSION } from '../questionnaire-slice.ts';
import { option } from './fixtures.tsx';
import { impairment, questionOf, renderScreen } from './screen-fixtures.tsx';

// Every decision value the table renders, in order: which rows an answer rendered again.
const rendered = vi.hoisted(() => [] as string[]);
// How often the pagination under the page's questions rendered.
const paginations = vi.hoisted(() => ({ count: 0 }));
// How often a date question's field rendered (its calendar button's icon, which only it shows).
const datePickers = vi.hoisted(() => ({ count: 0 }));
// How often the print card's icon rendered: the card renders it every time it renders.
const printIcons = vi.hoisted(() => ({ count: 0 }));
// How often a switch rendered (on a page without a date question, the one-scroll setting's).
const switches = vi.hoisted(() => ({ count: 0 }));
vi.mock('@mui/material/Switch', async (original) => {
  const { default: Switch } = await original<typeof SwitchModule>();
  return {
    default: (props: SwitchProps) => {
      switches.count += 1;
      return <Switch {...props} />;
    },
  };
});
vi.mock('@mui/icons-material/Print', async (original) => {
  const { default: PrintIcon } = await original<typeof PrintIconModule>();
  return {
    default: (props: SvgIconProps) => {
      printIcons.count += 1;
      return <PrintIcon {...props} />;
    },
  };
});
vi.mock('@mui/icons-material/Event', async (original) => {
  const { default: EventIcon } = await original<typeof EventIconModule>();
  return {
    default: (props: SvgIconProps) => {
      datePickers.count += 1;
      return <EventIcon {...props} />;
    },
  };
});
vi.mock('@mui/material/Pagination', async (original) => {
  const { default: Pagination } = await original<typeof PaginationModule>();
  return {
    default: (props: PaginationProps) => {
      paginations.count += 1;
      return <Pagination {...props} />;
    },
  };
});
vi.mock('../../../components/decision-value.tsx', async (original) => {
  const actual = await original<typeof DecisionValueModule>();
  return {
    ...actual,
    DecisionValue: (props: Parameters<typeof actual.DecisionValue>[0]) => {
      rendered.push(props.value);
      return actual.DecisionValue(props);
    },
  };
});

/** A condition of one Yes/No question, whose No decides `no` on Life and Yes 25. */
const condition = (uuid: string, name: string, no: string) =>
  impairment(uuid, name, 'Both', [
    questionOf('R', uuid, `${uuid}-q`, 1, {
      question: { en: `${name} question`, cn_traditional: `${name} question` },
      answerList: [
        option(`${uuid}-no`, 'No', { parentUuid: `${uuid}-q`, decision: { LIFE: no } }),
        option(`${uuid}-yes`, 'Yes', { parentUuid: `${uuid}-q`, decision: { LIFE: '25' } }),
      ],
    }),
  ]);

const GOUT = condition('gout', 'Gout', '0');
const ECZEMA = condition('eczema', 'Eczema', '50');
const MIGRAINE = condition('migraine', 'Migraine', '75');

/** A new disclosure of the three conditions, each answered No. */
function load(store: AppStore) {
  act(() => {
    store.dispatch(
      disclosureLoaded({
        session: NEW_SESSION,
        applicationNumber: 'APP19',
        profile: { age: 40, gender: 'Male', rsmScore: 'A' },
        chosen: [GOUT, ECZEMA, MIGRAINE].map((c) => ({
          impairment: c,
          answers: { [`${c.uuid}-q`]: [`${c.uuid}-no`] },
        })),
      }),
    );
  });
}

describe('F-05 an answer renders again only what it changed', () => {
  it('F-05 the decision table renders again the row whose decision changed, not the others, and the paging controls, the one-scroll switch and the print card not at all', async () => {
    const view = await renderScreen();
    load(view.store);
    const table = within(await screen.findByRole('region', { name: 'Decisions' })).getByRole(
      'table',
    );
    const lifeOf = (name: string) =>
      within(within(table).getByRole('row', { name: new RegExp(`^${name}`) })).getAllByRole(
        'cell',
      )[0]!.textContent;
    expect([lifeOf('Gout'), lifeOf('Eczema'), lifeOf('Migraine')]).toEqual(['0', '50', '75']);

    expect(screen.getByRole('button', { name: 'Print' })).toBeTruthy();
    rendered.length = 0;
    paginations.count = 0;
    printIcons.count = 0;
    switches.count = 0;
    const question = screen.getByRole('region', { name: /Gout question$/ });
    await userEvent.click(within(question).getByRole('radio', { name: 'Yes' }));

    expect(lifeOf('Gout')).toBe('25');
    // Gout's row (and the consolidated one) again; Eczema's 50 and Migraine's 75 not.
    expect(rendered).toContain('25');
    expect(rendered).not.toContain('50');
    expect(rendered).not.toContain('75');
    // The paging controls did not change, and were not rendered again.
    expect(screen.getByRole('navigation', { name: 'Pages' })).toBeTruthy();
    expect(paginations.count).toBe(0);
    expect(printIcons.count).toBe(0);
    expect(screen.getByRole('switch', { name: /one/i })).toBeTruthy();
    expect(switches.count).toBe(0);
  });

  it('F-05 an answer does not render again a date question beside it', async () => {
    const withDate = impairment('gout', 'Gout', 'Both', [
      ...GOUT.questionList,
      questionOf('D', 'gout', 'gout-date', 2, {
        question: { en: 'Gout date', cn_traditional: 'Gout date' },
      }),
    ]);
    const view = await renderScreen();
    act(() => {
      view.store.dispatch(
        disclosureLoaded({
          session: NEW_SESSION,
          applicationNumber: 'APP19',
          profile: { age: 40, gender: 'Male', rsmScore: 'A' },
          chosen: [{ impairment: withDate, answers: { 'gout-q': ['gout-no'] } }],
        }),
      );
    });
    const dateQuestion = await screen.findByRole('region', { name: /Gout date$/ });
    await within(dateQuestion).findByRole('textbox', { name: 'Date' });
    expect(datePickers.count).toBeGreaterThan(0);
    datePickers.count = 0;
    const question = screen.getByRole('region', { name: /Gout question$/ });
    const yes = within(question).getByRole('radio', { name: 'Yes' });
    await userEvent.click(yes);
    expect(yes).toHaveProperty('checked', true);
    expect(datePickers.count).toBe(0);
  });

  it("F-05 a question on the page is a plain section under its list's one stylesheet, not a styled component working out its own style", async () => {
    const view = await renderScreen();
    load(view.store);
    const questions = await screen.findAllByRole('region', { name: /question$/ });
    expect(questions.map((question) => question.className)).toEqual(['question']);
  });

  it('F-05 the decision table, its values and its reasons are plain elements under one stylesheet; a reason opens from its button', async () => {
    const view = await renderScreen();
    load(view.store);
    const table = await screen.findByRole('table');
    const why = screen.getByRole('button', { name: 'Why: Gout' });
    const styled = (root: Element) =>
      [root, ...root.querySelectorAll('*')].filter((node) =>
        /Mui|css-/.test(node.getAttribute('class') ?? ''),
      );
    expect(styled(table)).toEqual([]);
    expect(within(table).getByRole('row', { name: /^Gout/ }).textContent).toBe('Gout0');
    expect(why.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(why);
    expect(why.getAttribute('aria-expanded')).toBe('true');
    const reasons = screen.getByRole('region', { name: 'Why: Gout' });
    expect(why.getAttribute('aria-controls')).toBe(reasons.id);
    expect(styled(why)).toEqual([]);
    expect(styled(reasons)).toEqual([]);
    expect(within(reasons).getByRole('listitem').textContent).toMatch(/→ 0$/);
  });

  it("F-05 a choice question's options are the browser's own radio buttons in plain labels, styled by the list, not styled components", async () => {
    const view = await renderScreen();
    load(view.store);
    const question = (await screen.findAllByRole('region', { name: /question$/ }))[0]!;
    const options = within(question).getAllByRole('radio');
    expect(options.map((radio) => (radio as HTMLInputElement).labels?.[0]?.className)).toEqual([
      'option',
      'option',
    ]);
    // Nothing inside an option works out a style of its own.
    const styled = options.flatMap((radio) =>
      [radio, ...radio.closest('label')!.querySelectorAll('*')].filter((node) =>
        /Mui|css-/.test(node.getAttribute('class') ?? ''),
      ),
    );
    expect(styled).toEqual([]);
  });
});
