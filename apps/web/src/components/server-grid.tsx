import { DataGrid, type DataGridProps, type GridValidRowModel } from '@mui/x-data-grid';
import { enUS, zhCN, zhHK } from '@mui/x-data-grid/locales';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_TABLE } from '@vmer/domain/languages';
import type { Language } from '@vmer/domain/model';

/** The grid's own texts (pagination, sorting, overlays) in the interface language. */
const GRID_LOCALES = { enUS, zhHK, zhCN };

/**
 * A data grid showing one server page at a time (the worklist, the people list): as tall as its
 * rows, each row as tall as its content, no column menus or filters of its own (the screen's
 * filters are in the address), its own texts in the interface language.
 */
export function ServerGrid<R extends GridValidRowModel>(props: DataGridProps<R>) {
  const { i18n } = useTranslation();
  const language = i18n.language as Language;
  return (
    <DataGrid<R>
      autoHeight
      disableVirtualization
      getRowHeight={() => 'auto'}
      paginationMode="server"
      disableColumnFilter
      disableColumnMenu
      disableRowSelectionOnClick
      localeText={
        GRID_LOCALES[LANGUAGE_TABLE[language].muiLocale].components.MuiDataGrid.defaultProps
          .localeText
      }
      sx={{ '& .MuiDataGrid-cell': { py: 1, display: 'flex', alignItems: 'center' } }}
      {...props}
    />
  );
}
