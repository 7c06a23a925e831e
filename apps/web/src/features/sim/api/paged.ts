/** A page of a list as the API answers it (newest first). */
export interface Paged<T> {
  list: T[];
  total: number;
  page: number;
  pageSize: number;
}

export const PAGE_SIZE = 20;

/** The next page to ask for, or undefined when every item is loaded. */
export function nextPage<T>(last: Paged<T>, all: Paged<T>[]): number | undefined {
  const loaded = all.reduce((n, p) => n + p.list.length, 0);
  return loaded < last.total && last.list.length > 0 ? last.page + 1 : undefined;
}
