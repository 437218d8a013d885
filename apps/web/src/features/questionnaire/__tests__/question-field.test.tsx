import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { question, renderQuestion } from './fixtures.tsx';

afterEach(cleanup);

describe('question text and guidance', () => {
  it('M-27 question HTML renders formatted in the current language, a line break as a break', () => {
    const q = question('T', {
      question: { en: 'Is it <b>ongoing</b>?\nSince when?', cn_traditional: '是否<b>持續</b>？' },
    });
    const { container } = renderQuestion({ q });
    const bold = container.querySelector('b');
    expect(bold?.textContent).toBe('ongoing');
    expect(container.querySelector('[id] br')).not.toBeNull();
    expect(screen.queryByText(/<b>/)).toBeNull();
    cleanup();
    renderQuestion({ q, language: 'cn_traditional' });
    expect(screen.getByText('持續')).toBeTruthy();
  });

  it('question HTML is sanitised: scripts, handlers and other tags never reach the page', () => {
    const q = question('T', {
      question: {
        en: 'Safe<script>window.hacked = 1</script><img src=x onerror="window.hacked = 1"><a href="javascript:alert(1)">link</a>',
        cn_traditional: '',
      },
    });
    const { container } = renderQuestion({ q });
    expect(container.querySelector('script, img, a')).toBeNull();
    expect((window as { hacked?: number }).hacked).toBeUndefined();
    expect(screen.getByText(/Safe/)).toBeTruthy();
  });

  it('M-28 the placeholder shows as the interviewer guidance in the current language', () => {
    const q = question('T', {
      placeholder: {
        en: 'Ask for the latest three readings',
        cn_traditional: '請索取最近三次讀數',
      },
    });
    renderQuestion({ q });
    expect(screen.getByText('Ask for the latest three readings')).toBeTruthy();
    cleanup();
    renderQuestion({ q, language: 'cn_traditional' });
    expect(screen.getByText('請索取最近三次讀數')).toBeTruthy();
  });

  it('V-21 V-22 the highlight and message show only once the questionnaire is checked', () => {
    renderQuestion({ q: question('T') });
    expect(screen.queryByRole('alert')).toBeNull();
    cleanup();
    renderQuestion({ q: question('T'), checked: true });
    expect(screen.getByRole('region').getAttribute('data-status')).toBe('empty');
    expect(screen.getByRole('alert').textContent).toMatch(/^please answer the question/);
  });

  it('V-22 the message is translated into the current language', () => {
    renderQuestion({ q: question('H'), checked: true, language: 'cn_traditional' });
    expect(screen.getByRole('alert').textContent).toMatch(/^請回答此問題/);
  });
});

describe('the unanswered message', () => {
  it('T-12 says "please answer the question" once, not twice in two cases, in both languages', () => {
    renderQuestion({ q: question('T'), checked: true });
    expect(screen.getByRole('alert').textContent).toBe('please answer the question');
    cleanup();
    renderQuestion({ q: question('H'), checked: true, language: 'cn_traditional' });
    expect(screen.getByRole('alert').textContent).toBe('請回答此問題');
  });
});
