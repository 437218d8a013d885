import Box from '@mui/material/Box';

/** The product logo (requirements §1: alt text 'Video MER Logo'), under the page's base (N-11). */
export function Logo({ size = 40 }: { size?: number }) {
  return (
    <Box
      component="img"
      src="logo.svg"
      alt="Video MER Logo"
      width={size}
      height={size}
      sx={{ display: 'block' }}
    />
  );
}
