import type { ReactElement } from 'react';
import { createStore } from '../app/store.ts';
import type { InsurerListEntry } from '../features/header-selection/api/insurer-list-api.ts';
import { insurerListLoaded } from '../features/header-selection/header-selection-slice.ts';
import { renderWithApp } from './render.tsx';

/** One product of the caller's insurer list: Pacific HK Life's agency WL01 unless `fields` say. */
export const listedProduct = (fields: Partial<InsurerListEntry> = {}): InsurerListEntry => ({
  insurerCode: 'phkl',
  channel: 'agency',
  productCode: 'WL01',
  insurerName: { en: 'Pacific HK Life', cn_traditional: '太平洋香港人壽' },
  productName: { en: 'Whole life', cn_traditional: '終身壽險' },
  smokingList: 'B',
  lastAgeOption: true,
  printCover: false,
  ...fields,
});

/** Renders a screen at `path` for a caller whose insurer list holds `products`. */
export function renderWithProducts(
  ui: ReactElement,
  products: InsurerListEntry[],
  path: string,
): ReturnType<typeof renderWithApp> {
  const store = createStore();
  store.dispatch(insurerListLoaded(products));
  return renderWithApp(ui, { store, path });
}

/** The query of the address a screen rendered by `renderWithApp` shows now, as an object. */
export const addressQuery = (view: ReturnType<typeof renderWithApp>) =>
  Object.fromEntries(new URLSearchParams(view.router.state.location.search));
