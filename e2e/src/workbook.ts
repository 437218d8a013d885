import type ExcelJS from 'exceljs';

/** A worksheet's rows as cell texts, an empty cell as ''; ExcelJS leaves out empty rows. */
export function rowsOf(sheet: ExcelJS.Worksheet): string[][] {
  const rows: string[][] = [];
  sheet.eachRow((row) => {
    const values = (row.values as ExcelJS.CellValue[]).slice(1);
    rows.push(values.map((value) => (value === null || value === undefined ? '' : String(value))));
  });
  return rows;
}
