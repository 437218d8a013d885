// Material UI's Chinese texts, in a chunk of their own that `mui-locale.ts` loads when a Chinese
// language is in use.
export { zhCN, zhHK } from '@mui/material/locale';
