import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useNotify } from '../../../lib/use-notify.ts';
import {
  loadNotificationHost,
  NOTIFICATION_AUTO_HIDE_MS,
  NotificationProvider,
} from '../components/notification-provider.tsx';

function Notifier() {
  const notify = useNotify();
  return (
    <button type="button" onClick={() => notify('The questionnaire has been saved.')}>
      Notify
    </button>
  );
}

// Time for notistack's exit transitions (slide, then collapse) once the hide timer has fired.
const EXIT_MS = 1000;

function showNotification() {
  render(
    <NotificationProvider>
      <Notifier />
    </NotificationProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Notify' }));
  return () => screen.queryByText('The questionnaire has been saved.');
}

/** Moves the clock on in small steps, so that each transition's next timer is set before it is due. */
function advance(ms: number) {
  for (let elapsed = 0; elapsed < ms; elapsed += 50) {
    act(() => {
      vi.advanceTimersByTime(Math.min(50, ms - elapsed));
    });
  }
}

describe('notifications', () => {
  beforeEach(async () => {
    // The notifications' code loads with the first one (notification-first.test.tsx); here it
    // has loaded, so that each shows at once under the fake clock.
    await loadNotificationHost();
    // Only the timers notistack hides with; React's own scheduling stays real.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('M-25 M-26 a notification is an info message at the top centre', () => {
    const message = showNotification();
    const shown = message();
    expect(shown).not.toBeNull();
    expect(shown!.closest('[class*="notistack-MuiContent-info"]')).not.toBeNull();
    const style = getComputedStyle(shown!.closest('.notistack-SnackbarContainer') as HTMLElement);
    expect(style.position).toBe('fixed');
    expect(style.top).not.toBe('auto');
    expect(style.bottom).toBe('auto');
    expect(style.left).toBe('50%');
    expect(style.transform).toBe('translateX(-50%)');
  });

  it('M-25 C-14 a notification hides by itself 6000 ms after it appears', () => {
    expect(NOTIFICATION_AUTO_HIDE_MS).toBe(6000);
    const message = showNotification();
    advance(5950);
    expect(message()).not.toBeNull();
    advance(50 + EXIT_MS);
    expect(message()).toBeNull();
  });

  it('C-15 after the window loses and regains focus the hide timer resumes at half the duration', () => {
    const message = showNotification();
    advance(1000);
    fireEvent.blur(window);
    advance(20_000);
    expect(message()).not.toBeNull();
    fireEvent.focus(window);
    advance(2950);
    expect(message()).not.toBeNull();
    advance(50 + EXIT_MS);
    expect(message()).toBeNull();
  });
});
