import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useNotify } from '../../../lib/use-notify.ts';
import { NotificationProvider } from '../components/notification-provider.tsx';

function Notifier() {
  const notify = useNotify();
  return (
    <button type="button" onClick={() => notify('Your answers are saved.')}>
      Notify
    </button>
  );
}

describe('the first notification', () => {
  it('M-25 shows once the notifications load, which they do with it, not before', async () => {
    render(
      <NotificationProvider>
        <Notifier />
      </NotificationProvider>,
    );
    expect(document.querySelector('.notistack-SnackbarContainer')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Notify' }));
    fireEvent.click(screen.getByRole('button', { name: 'Notify' }));
    const shown = await screen.findAllByText('Your answers are saved.', undefined, {
      timeout: 10_000,
    });
    expect(shown).toHaveLength(2);
    expect(shown[0]!.closest('[class*="notistack-MuiContent-info"]')).not.toBeNull();
  });
});
