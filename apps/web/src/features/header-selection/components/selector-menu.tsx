import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';

export interface SelectorMenuProps {
  label: string;
  value: string;
  options: string[];
  /** How a code shows: insurer and channel uppercase, product lowercase (requirements §2). */
  display: (code: string) => string;
  onChange: (code: string) => void;
}

/**
 * One header selector (requirements §2): a dropdown only when there is more than one option to choose
 * from, otherwise a plain label. The menu is a keyboard listbox with type-ahead.
 */
export function SelectorMenu({ label, value, options, display, onChange }: SelectorMenuProps) {
  const id = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const labelId = `${id}-label`;
  const caption = (
    <Typography
      id={labelId}
      component="span"
      variant="caption"
      sx={{ display: 'block', opacity: 0.85, lineHeight: 1.2 }}
    >
      {label}
    </Typography>
  );

  if (options.length <= 1) {
    return (
      <Box role="group" aria-labelledby={labelId} sx={{ minWidth: 0 }}>
        {caption}
        <Typography component="span" variant="subtitle2" sx={{ display: 'block', lineHeight: 1.6 }}>
          {value ? display(value) : '--'}
        </Typography>
      </Box>
    );
  }

  const menuId = `${id}-menu`;
  const choose = (code: string) => {
    setAnchor(null);
    if (code !== value) onChange(code);
  };
  return (
    <Box sx={{ minWidth: 0 }}>
      {caption}
      <Button
        color="inherit"
        size="small"
        aria-haspopup="listbox"
        aria-expanded={anchor ? 'true' : 'false'}
        aria-controls={anchor ? menuId : undefined}
        aria-label={`${label}: ${display(value)}`}
        endIcon={<ArrowDropDownIcon />}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ p: 0, minWidth: 0, textTransform: 'none', fontWeight: 600, lineHeight: 1.6 }}
      >
        {display(value)}
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { role: 'listbox', 'aria-labelledby': labelId } }}
      >
        {options.map((code) => (
          <MenuItem
            key={code}
            role="option"
            selected={code === value}
            aria-selected={code === value}
            onClick={() => choose(code)}
          >
            {display(code)}
          </MenuItem>
        ))}
      </Menu>
    </Box>
  );
}
