import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { renderWithApp } from '../../../test/render.tsx';

describe("The questionnaire screen's texts", () => {
  it('join the resources when the route loads, before the first render, and stay through a new start', async () => {
    expect(initI18n('en').exists('mer.screen.title')).toBe(false);
    const { Component } = await import('../../../app/routes/questionnaire.tsx');
    expect(initI18n('cn_traditional').t('mer.disclosure.rejectTitle')).toBe('退回此披露？');
    renderWithApp(<Component />, { path: '/home' });
    // Read at once, not awaited: the first render already has them.
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Video MER');
    expect(screen.getByRole('heading', { name: 'Video MER disclosure' })).toBeTruthy();
  });
});
