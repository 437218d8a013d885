import Box from '@mui/material/Box';
import logo from '../assets/logo.svg?inline';

/**
 * The product logo (requirements §1: alt text 'Video MER Logo'). The build writes it into the
 * script as data (it is 346 bytes), so the header costs no request of its own (F-01).
 */
export function Logo({ size = 40 }: { size?: number }) {
  return (
    <Box
      component="img"
      src={logo}
      alt="Video MER Logo"
      width={size}
      height={size}
      sx={{ display: 'block' }}
    />
  );
}
