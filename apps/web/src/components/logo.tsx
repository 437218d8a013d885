import Box from '@mui/material/Box';

/** The product logo (requirements §1: alt text 'Video MER Logo'). */
export function Logo({ size = 40 }: { size?: number }) {
  return (
    <Box
      component="img"
      src="/logo.svg"
      alt="Video MER Logo"
      width={size}
      height={size}
      sx={{ display: 'block' }}
    />
  );
}
