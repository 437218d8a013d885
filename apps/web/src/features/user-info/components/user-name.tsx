import Typography from '@mui/material/Typography';
import { useAppSelector } from '../../../app/hooks.ts';
import { selectUserName } from '../user-info-slice.ts';

/** The signed-in user's name; '--' until user info has loaded (requirements §3). */
export function UserName() {
  const userName = useAppSelector(selectUserName);
  return (
    <Typography component="span" variant="body2" noWrap data-testid="user-name">
      {userName}
    </Typography>
  );
}
