import { cleanup, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { question, renderQuestion } from './fixtures.tsx';

afterEach(cleanup);

const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;

describe('H questions', () => {
  it('E-28 E-32 V-49 entering 170 cm fills 5 ft and 6.93 in, stored as the height JSON string', async () => {
    const { last } = renderQuestion({ q: question('H') });
    await userEvent.type(field('Height (cm)'), '170');
    expect(field('Height (ft)').value).toBe('5');
    expect(field('Height (inch)').value).toBe('6.93');
    expect(last()).toBe('{"cm":170,"ft":5,"inch":6.93}');
  });

  it('V-50 entering 5 ft 7 in fills 170 cm', async () => {
    renderQuestion({ q: question('H') });
    await userEvent.type(field('Height (ft)'), '5');
    await userEvent.type(field('Height (inch)'), '7');
    expect(field('Height (cm)').value).toBe('170');
  });

  it('V-51 a height failing the numeric check changes nothing', async () => {
    const { answers } = renderQuestion({
      q: question('H'),
      initial: '{"cm":170,"ft":5,"inch":6.93}',
    });
    await userEvent.type(field('Height (cm)'), 'abc');
    fireEvent.change(field('Height (cm)'), { target: { value: '-1' } });
    expect(answers).toHaveLength(0);
    expect(field('Height (cm)').value).toBe('170');
  });

  it('V-52 emptying a height input clears the height', async () => {
    const { last } = renderQuestion({ q: question('H'), initial: '{"cm":170,"ft":5,"inch":6.93}' });
    await userEvent.clear(field('Height (cm)'));
    expect(last()).toBeUndefined();
    fireEvent.blur(field('Height (cm)'));
    expect(field('Height (ft)').value).toBe('');
  });

  it('V-25 a mandatory H question without an answer is highlighted', () => {
    renderQuestion({ q: question('H'), checked: true });
    expect(screen.getByRole('alert')).toBeTruthy();
  });

  it('S-18 in view mode the height fields are disabled', () => {
    renderQuestion({ q: question('H'), readOnly: true });
    expect(field('Height (cm)').disabled).toBe(true);
    expect(field('Height (inch)').disabled).toBe(true);
  });
});

describe('W questions', () => {
  it('E-29 E-33 V-53 entering 70 kg fills 154.32 lb, stored as the weight JSON string', async () => {
    const { last } = renderQuestion({ q: question('W', { units: ['KG', 'LB'] }) });
    await userEvent.type(field('Weight (kg)'), '70');
    expect(field('Weight (lb)').value).toBe('154.32');
    expect(last()).toBe('{"kg":70,"lb":154.32}');
  });

  it('V-54 entering 154 lb fills 69.85 kg', async () => {
    const { last } = renderQuestion({ q: question('W', { units: ['KG', 'LB'] }) });
    await userEvent.type(field('Weight (lb)'), '154');
    expect(field('Weight (kg)').value).toBe('69.85');
    expect(last()).toBe('{"kg":69.85,"lb":154}');
  });

  it('V-55 C-11 the inputs shown follow the allowed units', () => {
    renderQuestion({ q: question('W', { units: ['KG'] }) });
    expect(screen.getAllByRole('textbox')).toHaveLength(1);
    expect(field('Weight (kg)')).toBeTruthy();
    cleanup();
    renderQuestion({ q: question('W', { units: ['LB'] }) });
    expect(screen.queryByRole('textbox', { name: 'Weight (kg)' })).toBeNull();
    expect(field('Weight (lb)')).toBeTruthy();
  });

  it('V-56 with no allowed units only the kg input shows', () => {
    renderQuestion({ q: question('W') });
    expect(screen.getAllByRole('textbox')).toHaveLength(1);
    expect(field('Weight (kg)')).toBeTruthy();
  });

  it('V-57 a non-numeric weight is rejected and the value is unchanged', async () => {
    const { answers } = renderQuestion({ q: question('W'), initial: '{"kg":70,"lb":154.32}' });
    await userEvent.type(field('Weight (kg)'), 'x');
    expect(answers).toHaveLength(0);
    expect(field('Weight (kg)').value).toBe('70');
  });
});
