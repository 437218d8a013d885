import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';

/** A failure the user can act on: the message, and one button that tries again or clears. */
export function ErrorWithAction({
  message,
  action,
  onAction,
}: {
  message: string;
  action: string;
  onAction: () => void;
}) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onAction}>
          {action}
        </Button>
      }
    >
      {message}
    </Alert>
  );
}
