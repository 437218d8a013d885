import { describe, expect, it } from 'vitest';
import { checkCatalog, type SourceFile } from '../../src/catalog/check.ts';
import type { CatalogProblem } from '../../src/catalog/rules.ts';
import { catalogSourceJsonSchema } from '../../src/catalog/source-schema.ts';
import type { catalogYaml, insurersYaml } from './sample-sources.ts';
import { filesWith, hypertensionYaml, sampleFiles } from './sample-sources.ts';

type Catalog = ReturnType<typeof catalogYaml>;
type Insurers = ReturnType<typeof insurersYaml>;
type Hypertension = ReturnType<typeof hypertensionYaml>;
// Tests reach into the nested sample with paths the compiler cannot follow.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;

const HTN = 'impairments/hypertension.yaml';

function problems(files: SourceFile[]): CatalogProblem[] {
  const check = checkCatalog(files);
  if (check.problems.length === 0) expect(check.catalog).toBeDefined();
  else expect(check.catalog).toBeUndefined();
  return check.problems;
}

function htn(change: (data: Loose) => void): CatalogProblem[] {
  return problems(
    filesWith<Hypertension>(HTN, (data) => {
      change(data);
      return data;
    }),
  );
}

/** The one problem expected, at this file and path, its message matching. */
function expectOnly(
  found: CatalogProblem[],
  file: string,
  path: (string | number)[],
  message: RegExp,
) {
  expect(found).toEqual([{ file, path, message: expect.stringMatching(message) }]);
}

/** The one problem expected is the file's form (its shape, not a rule): nothing is made of it. */
function expectOnlyFormat(
  found: CatalogProblem[],
  file: string,
  path: (string | number)[],
  message: RegExp,
) {
  expect(found).toEqual([{ file, path, message: expect.stringMatching(message), kind: 'format' }]);
}

describe('lint: the sample is clean', () => {
  it('reports nothing and compiles', () => {
    expect(problems(sampleFiles())).toEqual([]);
  });
});

describe('lint: files', () => {
  it('a missing catalog.yaml or insurers.yaml, or no impairment at all, is reported', () => {
    const found = problems([]);
    expect(found.map((p) => [p.file, p.kind])).toEqual([
      ['catalog.yaml', 'format'],
      ['insurers.yaml', 'format'],
      ['impairments/', 'format'],
    ]);
  });

  it('a file outside the layout is reported', () => {
    const found = problems([...sampleFiles(), { path: 'extra.yaml', data: {} }]);
    expectOnlyFormat(found, 'extra.yaml', [], /not a catalogue file/);
  });

  it('an impairment whose file name is not its uuid is reported', () => {
    const files = sampleFiles().map((file) =>
      file.path === HTN ? { ...file, path: 'impairments/htn.yaml' } : file,
    );
    expect(problems(files)).toContainEqual({
      file: 'impairments/htn.yaml',
      path: ['uuid'],
      message: expect.stringMatching(/impairments\/hypertension\.yaml/),
    });
  });
});

describe('lint: schema', () => {
  it('a misspelt field is reported at the field itself', () => {
    const found = htn((d) => {
      d.questions[1].options[0].lable = d.questions[1].options[0].label;
    });
    expectOnlyFormat(found, HTN, ['questions', 1, 'options', 0, 'lable'], /unknown field lable/);
  });

  it('a decision value that is not a decision is reported at the value', () => {
    const found = htn((d) => {
      d.questions[1].options[0].decision.CI = 'maybe';
    });
    expectOnlyFormat(found, HTN, ['questions', 1, 'options', 0, 'decision', 'CI'], /not a decision/);
  });

  it('an unknown question type is reported', () => {
    const found = htn((d) => {
      d.questions[0].type = 'X';
    });
    expectOnlyFormat(found, HTN, ['questions', 0, 'type'], /./);
  });

  it('an impairment uuid outside lower-case words and hyphens is reported', () => {
    const found = htn((d) => {
      d.uuid = 'Hyper Tension';
    });
    expect(found).toContainEqual({
      file: HTN,
      path: ['uuid'],
      message: expect.stringMatching(/lower-case/),
      kind: 'format',
    });
  });
});

describe('lint: uuids', () => {
  it('a uuid used twice in one file is reported at the second', () => {
    const found = htn((d) => {
      d.questions[1].options[1].questions[1].options[1].questions[0].uuid = 'htn-diagnosed';
    });
    expectOnly(
      found,
      HTN,
      ['questions', 1, 'options', 1, 'questions', 1, 'options', 1, 'questions', 0, 'uuid'],
      /already used in this file/,
    );
  });

  it('a uuid used in two files is reported with the file that has it first', () => {
    const found = problems(
      filesWith<Loose>('impairments/ovarian-cyst.yaml', (d) => {
        d.questions[0].uuid = 'htn-systolic';
        return d;
      }),
    );
    expectOnly(
      found,
      'impairments/ovarian-cyst.yaml',
      ['questions', 0, 'uuid'],
      /already used in impairments\/hypertension\.yaml/,
    );
  });

  it('an option uuid equal to an impairment uuid is reported', () => {
    const found = htn((d) => {
      d.questions[1].options[0].uuid = 'ovarian-cyst';
    });
    expect(found).toHaveLength(2);
    expect(found[0]?.message).toMatch(/uuid ovarian-cyst is already used|not an option/);
  });
});

describe('lint: options and decisions', () => {
  it('an option with neither decision nor children is reported', () => {
    const found = htn((d) => {
      delete d.questions[1].options[0].decision;
    });
    expect(found[0]).toEqual({
      file: HTN,
      path: ['questions', 1, 'options', 0],
      message: expect.stringMatching(/needs a decision or child questions/),
    });
  });

  it('an option with both decision and children is reported', () => {
    const found = htn((d) => {
      d.questions[1].options[1].decision = { LIFE: '0', CI: '0' };
    });
    expectOnly(found, HTN, ['questions', 1, 'options', 1], /not both/);
  });

  it('a decision missing an indicator is reported', () => {
    const found = htn((d) => {
      delete d.questions[1].options[0].decision.CI;
    });
    expect(found[0]).toEqual({
      file: HTN,
      path: ['questions', 1, 'options', 0, 'decision'],
      message: expect.stringMatching(/misses indicator\(s\) CI/),
    });
  });

  it('a decision naming an unknown indicator is reported', () => {
    const found = htn((d) => {
      d.questions[1].options[0].decision.TPD = '0';
    });
    expectOnly(
      found,
      HTN,
      ['questions', 1, 'options', 0, 'decision', 'TPD'],
      /unknown indicator TPD/,
    );
  });

  it('an exclusion code without wording is reported', () => {
    const found = htn((d) => {
      d.questions[1].options[0].decision.CI = 'EX9';
    });
    expect(found[0]).toEqual({
      file: HTN,
      path: ['questions', 1, 'options', 0, 'decision', 'CI'],
      message: expect.stringMatching(/EX9 has no wording/),
    });
  });

  it('a choice question with fewer than two options is reported', () => {
    const found = htn((d) => {
      d.questions[1].options[1].questions[1].options.splice(1, 2);
    });
    expectOnly(found, HTN, ['questions', 1, 'options', 1, 'questions', 1], /at least two options/);
  });

  it('options on a free-form question are reported', () => {
    const found = htn((d) => {
      d.questions[0].options = [];
    });
    expectOnly(found, HTN, ['questions', 0, 'options'], /a D question has no options/);
  });

  it('T-27 exclusive on an option of a question that is not multi-choice (C or M) is reported', () => {
    const found = htn((d) => {
      d.questions[1].options[0].exclusive = true;
    });
    expectOnly(
      found,
      HTN,
      ['questions', 1, 'options', 0, 'exclusive'],
      /exclusive applies to options of multi-choice \(C or M\) questions only/,
    );
    const fine = htn((d) => {
      d.questions[1].options[1].questions[1].options[2].exclusive = true;
    });
    expect(fine).toEqual([]);
  });

  it('unique on a non-checkbox option is reported', () => {
    const found = htn((d) => {
      d.questions[1].options[0].unique = 'Y';
    });
    expectOnly(found, HTN, ['questions', 1, 'options', 0, 'unique'], /C \(checkbox\) options only/);
  });
});

describe('lint: references', () => {
  it('a top-level question naming an unknown group is reported', () => {
    const found = htn((d) => {
      d.questions[0].group = 'htn-nowhere';
    });
    expectOnly(found, HTN, ['questions', 0, 'group'], /no group htn-nowhere/);
  });

  it('a top-level question without a group is reported', () => {
    const found = htn((d) => {
      delete d.questions[0].group;
    });
    expectOnly(found, HTN, ['questions', 0], /names its group/);
  });

  it('a child question naming another group than its parent is reported', () => {
    const found = htn((d) => {
      d.questions[1].options[1].questions[0].group = 'htn-history';
    });
    expectOnly(
      found,
      HTN,
      ['questions', 1, 'options', 1, 'questions', 0, 'group'],
      /inherits group htn-control/,
    );
  });

  it('a smokingQuestion that is not a question of the impairment is reported', () => {
    const found = htn((d) => {
      d.smokingQuestion = 'htn-nothing';
    });
    expect(found).toContainEqual({
      file: HTN,
      path: ['smokingQuestion'],
      message: expect.stringMatching(/no question htn-nothing/),
    });
  });

  it('a smokingValue not in the smoking lists is reported', () => {
    const found = htn((d) => {
      d.questions[2].options[0].smokingValue = 'heavy';
    });
    expect(found).toContainEqual({
      file: HTN,
      path: ['questions', 2, 'options', 0, 'smokingValue'],
      message: expect.stringMatching(/no smoking value heavy/),
    });
  });

  it('a smokingValue on another question than the smoking question is reported', () => {
    const found = htn((d) => {
      d.questions[1].options[0].smokingValue = 'never';
    });
    expectOnly(found, HTN, ['questions', 1, 'options', 0, 'smokingValue'], /smokingQuestion only/);
  });

  it('a product offering an unknown impairment is reported', () => {
    const found = problems(
      filesWith<Insurers>('insurers.yaml', (d) => {
        const product = d.insurers[0]?.channels[0]?.products[1];
        if (product && Array.isArray(product.impairments)) product.impairments.push('gout');
        return d;
      }),
    );
    expectOnly(
      found,
      'insurers.yaml',
      ['insurers', 0, 'channels', 0, 'products', 1, 'impairments', 2],
      /no impairment gout/,
    );
  });

  it('settings naming a missing Others or BMI condition are reported', () => {
    const found = problems(
      filesWith<Catalog>('catalog.yaml', (d) => {
        d.settings.otherImpairment = 'others';
        d.settings.abnormalBmiImpairmentName = 'Odd BMI';
        return d;
      }),
    );
    expect(found).toEqual([
      {
        file: 'catalog.yaml',
        path: ['settings', 'otherImpairment'],
        message: expect.stringMatching(/no impairment others/),
      },
      {
        file: 'catalog.yaml',
        path: ['settings', 'abnormalBmiImpairmentName'],
        message: expect.stringMatching(/Odd BMI/),
      },
    ]);
  });

  it('an exclusion in a BMI rule without wording is reported', () => {
    const found = problems(
      filesWith<Loose>('catalog.yaml', (d) => {
        d.ruleAgeList[0].bmiList[1].decision.CI = 'EX4';
        return d;
      }),
    );
    expectOnly(
      found,
      'catalog.yaml',
      ['ruleAgeList', 0, 'bmiList', 1, 'decision', 'CI'],
      /EX4 has no wording/,
    );
  });

  it('C-12 C-13 E-46 smoking lists A (6 months) and B (12 months) with the five values in order', () => {
    const found = problems(
      filesWith<Loose>('catalog.yaml', (d) => {
        d.smokingLists[1].lookbackMonths = 6;
        d.smokingLists[0].options[4].value = 'nonsmoker';
        return d;
      }),
    );
    expect(found).toEqual([
      {
        file: 'catalog.yaml',
        path: ['smokingLists', 0, 'options', 4, 'value'],
        message: expect.stringMatching(/is never/),
      },
      {
        file: 'catalog.yaml',
        path: ['smokingLists', 1, 'lookbackMonths'],
        message: expect.stringMatching(/12 months/),
      },
    ]);
  });
});

describe('lint: duplicates and ranges', () => {
  it('indicators, exclusions, BMI rules and smoking lists in catalog.yaml', () => {
    const found = problems(
      filesWith<Loose>('catalog.yaml', (d) => {
        d.indicators.push({ code: 'CI', label: { en: 'Again', cn_traditional: '再次' } });
        d.exclusions.push({ ...d.exclusions[0] });
        d.ruleAgeList[0].upper = 18;
        d.ruleAgeList[0].bmiList[0].lower = 30;
        d.smokingLists[1] = { ...d.smokingLists[0] };
        return d;
      }),
    ).filter((p) => p.file === 'catalog.yaml');
    expect(found.map((p) => [p.path.join('.'), p.message])).toEqual([
      ['indicators.2.code', 'indicator CI is listed twice'],
      ['exclusions.1.code', 'EX1 is listed twice'],
      ['ruleAgeList.0', 'lower must be below upper'],
      ['ruleAgeList.0.bmiList.0', 'lower must be below upper'],
      ['smokingLists', 'smoking list A is listed twice'],
      ['smokingLists', 'smoking list B is missing'],
    ]);
  });

  it('insurers, channels, products and their impairment lists in insurers.yaml', () => {
    const found = problems(
      filesWith<Loose>('insurers.yaml', (d) => {
        const insurer = d.insurers[0];
        const channel = insurer.channels[0];
        channel.products[1].impairments.push('hypertension');
        channel.products.push({ ...channel.products[0] });
        insurer.channels.push({ ...channel });
        d.insurers.push({ ...insurer });
        return d;
      }),
    );
    expect(found.map((p) => [p.path.join('.'), p.message])).toEqual([
      ['insurers.0.channels.0.products.1.impairments.2', 'hypertension is listed twice'],
      ['insurers.0.channels.0.products.2.code', 'product WL01 twice in this channel'],
      ['insurers.0.channels.1.code', 'channel agency twice'],
      ['insurers.0.channels.1.products.1.impairments.2', 'hypertension is listed twice'],
      ['insurers.0.channels.1.products.2.code', 'product WL01 twice in this channel'],
      ['insurers.1.code', 'insurer phkl twice'],
      ['insurers.1.channels.0.products.1.impairments.2', 'hypertension is listed twice'],
      ['insurers.1.channels.0.products.2.code', 'product WL01 twice in this channel'],
      ['insurers.1.channels.1.code', 'channel agency twice'],
      ['insurers.1.channels.1.products.1.impairments.2', 'hypertension is listed twice'],
      ['insurers.1.channels.1.products.2.code', 'product WL01 twice in this channel'],
    ]);
  });

  it('a group listed twice, a weight unit other than KG or LB, a smoking question that is not R or S', () => {
    const found = htn((d) => {
      d.groups.push({ ...d.groups[0] });
      d.questions[1].options[1].questions[0].type = 'W';
      d.questions[1].options[1].questions[0].units = ['KG', 'ST'];
      d.questions[1].options[1].questions[0].bands[0].below = 90;
      d.questions[2].type = 'C';
    });
    expect(found.map((p) => [p.path.join('.'), p.message])).toEqual([
      ['groups.2.uuid', 'group htn-history is listed twice'],
      ['questions.1.options.1.questions.0.units.1', 'a weight unit is KG or LB'],
      ['smokingQuestion', 'the smoking question is an R or S question'],
      ['cases.1.answers.htn-systolic', 'a W answer is { kg: … }'],
    ]);
  });

  it('a radio answer choosing two options, and an expect naming an unknown indicator', () => {
    const found = htn((d) => {
      d.cases[0].answers['htn-controlled'] = ['htn-controlled-yes', 'htn-controlled-no'];
      d.cases[0].expect.TPD = '0';
    });
    expect(found.map((p) => [p.path.join('.'), p.message])).toEqual([
      ['cases.0.answers.htn-controlled', 'an R answer chooses exactly one option'],
      ['cases.0.expect.TPD', 'unknown indicator TPD (not in catalog.yaml)'],
    ]);
  });
});

describe('lint: languages and HTML', () => {
  it('L-30 a Simplified Chinese text written by hand is kept, and checked like the others', () => {
    const written = checkCatalog(
      filesWith<Hypertension>(HTN, (data) => {
        (data as Loose).groups[0].header.cn_simplified = '手写的病史';
        return data;
      }),
    );
    expect(written.problems).toEqual([]);
    const hypertension = written.catalog!.impairments.find((i) => i.uuid === 'hypertension')!;
    expect(hypertension.questionList.map((q) => q.group.header.cn_simplified)).toContain(
      '手写的病史',
    );
    const found = htn((d) => {
      d.groups[0].header.cn_simplified = ' ';
      d.questions[0].question.cn_simplified = '<script>alert(1)</script>';
    });
    expect(found.map((p) => p.path)).toEqual(
      expect.arrayContaining([
        ['groups', 0, 'header', 'cn_simplified'],
        ['questions', 0, 'question', 'cn_simplified'],
      ]),
    );
  });

  it('E-18 an empty text in either language is reported', () => {
    const found = htn((d) => {
      d.questions[1].placeholder.cn_traditional = ' ';
      d.groups[0].header.en = '';
    });
    expect(found).toEqual([
      { file: HTN, path: ['groups', 0, 'header', 'en'], message: 'the en text is empty' },
      {
        file: HTN,
        path: ['questions', 1, 'placeholder', 'cn_traditional'],
        message: 'the cn_traditional text is empty',
      },
    ]);
  });

  it('a missing language is reported by the schema', () => {
    const found = htn((d) => {
      delete d.name.cn_traditional;
    });
    expectOnlyFormat(found, HTN, ['name', 'cn_traditional'], /./);
  });

  it('question HTML outside the safe subset is reported', () => {
    const found = htn((d) => {
      d.questions[0].question.en = 'When? <img src=x onerror="alert(1)">';
    });
    expectOnly(found, HTN, ['questions', 0, 'question', 'en'], /tag <img> is not allowed/);
  });
});

describe('lint: bands', () => {
  it('bands on a question type that takes none are reported', () => {
    const found = htn((d) => {
      d.questions[1].bands = [{ decision: { LIFE: '0', CI: '0' } }];
    });
    expectOnly(found, HTN, ['questions', 1, 'bands'], /N, H, W and D questions only/);
  });

  it('a D band bounded by below is reported', () => {
    const found = htn((d) => {
      d.questions[0].bands[0] = { below: 6, decision: { LIFE: 'P', CI: 'P' } };
    });
    expect(found[0]).toEqual({
      file: HTN,
      path: ['questions', 0, 'bands', 0, 'below'],
      message: expect.stringMatching(/bounded by maxMonths/),
    });
  });

  it('a last band with a bound, and bounds that do not increase, are reported', () => {
    const found = htn((d) => {
      d.questions[1].options[1].questions[0].bands = [
        { below: 160, decision: { LIFE: '0', CI: '0' } },
        { below: 150, decision: { LIFE: '0', CI: '0' } },
      ];
    });
    expect(found).toEqual([
      {
        file: HTN,
        path: ['questions', 1, 'options', 1, 'questions', 0, 'bands', 1],
        message: expect.stringMatching(/last band has no below/),
      },
    ]);
    const unordered = htn((d) => {
      d.questions[1].options[1].questions[0].bands = [
        { below: 160, decision: { LIFE: '0', CI: '0' } },
        { below: 150, decision: { LIFE: '0', CI: '0' } },
        { decision: { LIFE: '0', CI: '0' } },
      ];
    });
    expectOnly(
      unordered,
      HTN,
      ['questions', 1, 'options', 1, 'questions', 0, 'bands', 1, 'below'],
      /must increase/,
    );
  });

  describe('bounds on both sides', () => {
    const SYSTOLIC = ['questions', 1, 'options', 1, 'questions', 0];
    const zero = { LIFE: '0', CI: '0' };
    const withBands = (bands: Loose[]) =>
      htn((d) => {
        d.questions[1].options[1].questions[0].bands = bands.map((b: Loose) => ({
          ...b,
          decision: zero,
        }));
      });

    it('T-29 bands bounded inclusively and exclusively on either side that meet exactly are clean', () => {
      expect(withBands([{ to: 140 }, { above: 140, below: 160 }, { from: 160 }])).toEqual([]);
      expect(withBands([{ from: 0, below: 140 }, { from: 140, to: 160 }, { above: 160 }])).toEqual(
        [],
      );
    });

    it('T-29 overlapping bands are reported, naming the values both take', () => {
      expectOnly(
        withBands([{ to: 160 }, { from: 160 }]),
        HTN,
        [...SYSTOLIC, 'bands', 1, 'from'],
        /band 2 overlaps band 1: 160 falls in both/,
      );
      expectOnly(
        withBands([{ below: 160 }, { from: 150, below: 170 }, {}]),
        HTN,
        [...SYSTOLIC, 'bands', 1, 'from'],
        /band 2 overlaps band 1: from 150 to 160 falls in both/,
      );
    });

    it('T-29 gaps between bands are reported, naming the values no band takes', () => {
      expectOnly(
        withBands([{ below: 140 }, { from: 150 }]),
        HTN,
        [...SYSTOLIC, 'bands', 1, 'from'],
        /gap between band 1 and band 2: from 140 to 150 falls in no band/,
      );
      expectOnly(
        withBands([{ below: 160 }, { above: 160 }]),
        HTN,
        [...SYSTOLIC, 'bands', 1, 'above'],
        /gap between band 1 and band 2: 160 itself/,
      );
    });

    it('T-29 two lower or two upper bounds on one band, or an empty band, are reported', () => {
      expectOnly(
        withBands([{ from: 1, above: 1, below: 5 }, {}]),
        HTN,
        [...SYSTOLIC, 'bands', 0, 'above'],
        /one lower bound: from or above, not both/,
      );
      expectOnly(
        withBands([{ to: 5, below: 5 }, {}]),
        HTN,
        [...SYSTOLIC, 'bands', 0, 'below'],
        /one upper bound: to or below, not both/,
      );
      expectOnly(
        withBands([{ from: 5, below: 5 }, {}]),
        HTN,
        [...SYSTOLIC, 'bands', 0],
        /takes no value: from 5 and below 5/,
      );
    });

    it('T-29 a D band bounded by from, above or to is reported', () => {
      const found = htn((d) => {
        d.questions[0].bands[0] = { from: 0, maxMonths: 6, decision: { LIFE: 'P', CI: 'P' } };
      });
      expectOnly(
        found,
        HTN,
        ['questions', 0, 'bands', 0, 'from'],
        /bounded by maxMonths, not from/,
      );
    });
  });

  it('units on a question that takes none, and weight units other than KG or LB, are reported', () => {
    const found = htn((d) => {
      d.questions[0].units = ['months'];
    });
    expectOnly(found, HTN, ['questions', 0, 'units'], /T, N and W questions only/);
  });
});

describe('lint: regression cases', () => {
  it('a failing case is reported at the case, with what the engine gave', () => {
    const found = htn((d) => {
      d.cases[0].expect.CI = '50';
    });
    expectOnly(found, HTN, ['cases', 0], /case "controlled since 2015": CI: expected 50, got 25/);
  });

  it('a case leaving a mandatory question unanswered is reported', () => {
    const found = htn((d) => {
      delete d.cases[0].answers['htn-smoking'];
    });
    expectOnly(found, HTN, ['cases', 0], /mandatory questions unanswered: htn-smoking/);
  });

  it('a case answering an unknown question, or with an option of another question, is reported', () => {
    const found = htn((d) => {
      d.cases[0].answers['htn-nothing'] = 'x';
      d.cases[0].answers['htn-controlled'] = ['htn-med-one'];
    });
    expect(found).toEqual([
      {
        file: HTN,
        path: ['cases', 0, 'answers', 'htn-controlled'],
        message: expect.stringMatching(/htn-med-one is not an option of htn-controlled/),
      },
      {
        file: HTN,
        path: ['cases', 0, 'answers', 'htn-nothing'],
        message: expect.stringMatching(/no question htn-nothing/),
      },
    ]);
  });

  it('a case answer of the wrong shape for its question is reported', () => {
    const found = htn((d) => {
      d.cases[1].answers['htn-systolic'] = '150';
    });
    expectOnly(found, HTN, ['cases', 1, 'answers', 'htn-systolic'], /an N answer is a number/);
  });

  it('T-30 a case may expect no decision yet (incomplete) or a refusal (refused)', () => {
    const found = htn((d) => {
      d.cases.push(
        {
          name: 'diagnosis only',
          asOf: '2026-01-01',
          answers: { 'htn-diagnosed': '2015-03-01' },
          expect: 'incomplete',
        },
        {
          name: 'none with a drug',
          asOf: '2026-01-01',
          answers: {
            'htn-diagnosed': '2015-03-01',
            'htn-controlled': ['htn-controlled-no'],
            'htn-medication': ['htn-med-one', 'htn-med-none'],
          },
          expect: 'refused',
        },
        {
          name: 'a reading typed as a dash',
          answers: { 'htn-controlled': ['htn-controlled-no'], 'htn-systolic': '-' },
          expect: 'refused',
        },
      );
    });
    expect(found).toEqual([]);
  });

  it('T-30 an incomplete case that gets a decision, or a refused case whose answers are accepted, is reported', () => {
    const found = htn((d) => {
      d.cases[0].expect = 'incomplete';
      d.cases[1].expect = 'refused';
    });
    expect(found).toEqual([
      {
        file: HTN,
        path: ['cases', 0],
        message: expect.stringMatching(
          /case "controlled since 2015": expected no decision yet, got LIFE 0, CI 25/,
        ),
      },
      {
        file: HTN,
        path: ['cases', 1],
        message: expect.stringMatching(/expected the answers to be refused, but they are accepted/),
      },
    ]);
  });

  it('T-30 a case expecting a decision whose answers the server refuses is reported', () => {
    const found = htn((d) => {
      d.cases[1].answers['htn-medication'] = ['htn-med-one', 'htn-med-none'];
    });
    expectOnly(
      found,
      HTN,
      ['cases', 1],
      /refused: Question htn-medication: answer option htn-med-none cannot be chosen together/,
    );
  });

  it('a case answering a dated question with bands must say asOf', () => {
    const found = htn((d) => {
      delete d.cases[0].asOf;
    });
    expectOnly(found, HTN, ['cases', 0], /asOf/);
  });

  it('a case whose expect misses an indicator is reported', () => {
    const found = htn((d) => {
      delete d.cases[0].expect.LIFE;
    });
    expectOnly(found, HTN, ['cases', 0, 'expect'], /misses LIFE/);
  });

  it('cases of a sound impairment run even when another file has problems', () => {
    const files = sampleFiles().map((file) => {
      if (file.path === 'insurers.yaml') return { path: file.path, data: { insurers: [] } };
      if (file.path !== HTN) return file;
      const data = hypertensionYaml();
      const first = data.cases[0];
      if (first) first.expect.CI = '50';
      return { path: HTN, data };
    });
    const found = problems(files);
    expect(found.map((p) => p.file).sort()).toEqual([HTN, 'insurers.yaml']);
  });
});

describe('JSON Schema of the source format', () => {
  it('describes the three kinds of file, with questions and options defined once for nesting', () => {
    const schema = catalogSourceJsonSchema() as {
      anyOf: unknown[];
      $defs: Record<string, unknown>;
    };
    expect(schema.anyOf).toEqual([
      { $ref: '#/$defs/impairment' },
      { $ref: '#/$defs/catalog' },
      { $ref: '#/$defs/insurers' },
    ]);
    expect(Object.keys(schema.$defs)).toEqual(
      expect.arrayContaining([
        'impairment',
        'catalog',
        'insurers',
        'question',
        'option',
        'bilingual',
      ]),
    );
    expect(JSON.stringify(schema.$defs.option)).toContain('"#/$defs/question"');
  });
});
