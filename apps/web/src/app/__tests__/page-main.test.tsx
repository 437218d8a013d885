import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SAME_SCREEN } from '../../config/paths.ts';
import { PageMain } from '../layout/page-main.tsx';

/** A screen with a field, and buttons that change the address as the app does. */
function Screen() {
  const navigate = useNavigate();
  return (
    <PageMain>
      <label>
        Application number
        <input />
      </label>
      <button onClick={() => navigate('/questionnaire/1', { replace: true, state: SAME_SCREEN })}>
        Saved
      </button>
      <button onClick={() => navigate('/worklist')}>Worklist</button>
    </PageMain>
  );
}

const renderAt = (path: string) =>
  render(
    <RouterProvider
      router={createMemoryRouter(
        [
          { path: '/home', element: <Screen /> },
          { path: '/questionnaire/:id', element: <Screen /> },
          { path: '/worklist', element: <Screen /> },
        ],
        { initialEntries: [path] },
      )}
    />,
  );

describe('focus after a navigation (I-09)', () => {
  it('I-09 W-22 an address change of the same screen leaves the focus where it was; a new page takes it to the main content', async () => {
    const user = userEvent.setup();
    renderAt('/home');
    const field = screen.getByRole('textbox', { name: 'Application number' });
    await user.click(field);
    // A background save gives the disclosure its address while the person types (W-22).
    screen.getByRole('button', { name: 'Saved' }).click();
    await screen.findByRole('main');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.activeElement).toBe(
      screen.getByRole('textbox', { name: 'Application number' }),
    );

    await user.click(screen.getByRole('button', { name: 'Worklist' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('main')));
  });
});
