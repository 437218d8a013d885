import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useAppDispatch } from '../../app/hooks.ts';
import { paths } from '../../config/paths.ts';
import { longOperationStarted } from '../../lib/feedback-events.ts';
import { useGetAuthConfigQuery } from './api/auth-config-api.ts';
import { useSecurity } from './components/security.tsx';

/**
 * Signs out through the identity provider, which returns to /logout/callback (requirements §2, §6).
 * Should the provider be unreachable, the local session still ends by the same callback page.
 */
export function useSignOut(): () => void {
  const { data: config } = useGetAuthConfigQuery();
  const { loadUserManager } = useSecurity();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return useCallback(() => {
    dispatch(longOperationStarted());
    const leaveLocally = () => void navigate(paths.logoutCallback, { replace: true });
    if (!config) return leaveLocally();
    loadUserManager(config)
      .then((manager) => manager.signoutRedirect())
      .catch(leaveLocally);
  }, [config, loadUserManager, dispatch, navigate]);
}
