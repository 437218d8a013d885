/** The rows to read for a page (1-based): one more than fit, to tell whether another page follows. */
export function pageWindow(page: number, size: number): { offset: number; limit: number } {
  return { offset: (page - 1) * size, limit: size + 1 };
}

/** A paged answer from the rows read with {@link pageWindow}, each made into an item. */
export function pageOf<Row, Item>(
  page: number,
  size: number,
  rows: readonly Row[],
  item: (row: Row) => Item,
) {
  return {
    page,
    pageSize: size,
    hasMore: rows.length > size,
    items: rows.slice(0, size).map(item),
  };
}
