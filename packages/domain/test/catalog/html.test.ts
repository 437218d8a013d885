import { describe, expect, it } from 'vitest';
import { checkQuestionHtml } from '../../src/catalog/html.ts';

describe('checkQuestionHtml', () => {
  it('accepts plain text, the allowed tags, a class on span, line breaks and a bare "<"', () => {
    for (const html of [
      'When was it diagnosed?',
      'Is it <b>well</b> <strong>controlled</strong>? <i>a</i><em>b</em><u>c</u>',
      'Line one<br>line two<br/>line three<br />',
      '<p>Which:</p><ul><li>one</li><li>two</li></ul><ol><li>three</li></ol>',
      '<span class="hint">note</span>',
      'Systolic < 140 and diastolic > 90?',
    ]) {
      expect(checkQuestionHtml(html), html).toEqual([]);
    }
  });

  it('refuses other tags, any other attribute, comments and unbalanced tags', () => {
    expect(checkQuestionHtml('<script>alert(1)</script>')).toEqual([
      expect.stringMatching(/tag <script> is not allowed/),
      expect.stringMatching(/tag <script> is not allowed/),
    ]);
    expect(checkQuestionHtml('<img src=x onerror=alert(1)>')).toEqual([
      expect.stringMatching(/tag <img> is not allowed/),
    ]);
    expect(checkQuestionHtml('<b onclick="x()">a</b>')).toEqual([
      'attribute "onclick" is not allowed on <b>',
    ]);
    expect(checkQuestionHtml('<span style="color:red">a</span>')).toEqual([
      'attribute "style" is not allowed on <span>',
    ]);
    expect(checkQuestionHtml('<p class="x">a</p>')).toEqual([
      'attribute "class" is not allowed on <p>',
    ]);
    expect(checkQuestionHtml('a <!-- hidden --> b')).toEqual([expect.stringMatching(/comments/)]);
    expect(checkQuestionHtml('<b>bold')).toEqual(['<b> is never closed']);
    expect(checkQuestionHtml('<b><i>x</b></i>')).toEqual([
      '</b> does not close the open tag',
      '<b> is never closed',
    ]);
    expect(checkQuestionHtml('a <b')).toEqual([expect.stringMatching(/malformed tag/)]);
  });
});
