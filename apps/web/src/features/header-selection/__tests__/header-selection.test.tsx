import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SmokingList } from '@vmer/domain/model';
import { describe, expect, it } from 'vitest';
import { createStore } from '../../../app/store.ts';
import { renderWithApp } from '../../../test/render.tsx';
import type { InsurerListEntry } from '../api/insurer-list-api.ts';
import { HeaderSelectors } from '../components/header-selectors.tsx';
import {
  channelChosen,
  insurerChosen,
  insurerListLoaded,
  productChosen,
  smokingListsReceived,
} from '../header-selection-slice.ts';

function entry(
  insurerCode: string,
  channel: string,
  productCode: string,
  smokingList: 'A' | 'B',
): InsurerListEntry {
  return {
    insurerCode,
    channel,
    productCode,
    insurerName: { en: insurerCode.toUpperCase(), cn_traditional: insurerCode },
    productName: { en: productCode, cn_traditional: productCode },
    smokingList,
    lastAgeOption: insurerCode === 'phkl',
    printCover: insurerCode === 'slhk',
  };
}

// An underwriter of two insurers: phkl sells through two channels, slhk through one.
const TWO_INSURERS = [
  entry('phkl', 'agency', 'WL01', 'B'),
  entry('phkl', 'agency', 'CI02', 'B'),
  entry('phkl', 'broker', 'TERM05', 'B'),
  entry('slhk', 'bank', 'SAV10', 'A'),
  entry('slhk', 'bank', 'WL20', 'A'),
];
const ONE_INSURER = [entry('phkl', 'agency', 'WL01', 'B')];

function smokingList(id: 'A' | 'B'): SmokingList {
  const period = id === 'A' ? '6 months' : '12 months';
  return {
    id,
    lookbackMonths: id === 'A' ? 6 : 12,
    options: ['more', 'less', 'quit-recent', 'quit-long', 'never'].map((value) => ({
      value: `${id}-${value}`,
      label: { en: `${value} (${period})`, cn_traditional: value },
    })),
  };
}

function loaded(entries: InsurerListEntry[]) {
  const store = createStore();
  store.dispatch(insurerListLoaded(entries));
  return store;
}

describe('header selection state', () => {
  it('S-07 S-08 S-09 E-08 after the list loads: first insurer, its channels and the first, products of both and the first', () => {
    const selection = loaded(TWO_INSURERS).getState().headerSelection;
    expect(selection.insurerCodeList).toEqual(['phkl', 'slhk']);
    expect(selection.insurerCode).toBe('phkl');
    expect(selection.channelList).toEqual(['agency', 'broker']);
    expect(selection.channel).toBe('agency');
    expect(selection.productCodeList).toEqual(['WL01', 'CI02']);
    expect(selection.productCode).toBe('WL01');
    expect(selection.fullProductList).toEqual(TWO_INSURERS);
  });

  it('S-10 S-11 choosing another insurer stores it lowercased and recomputes channels and products', () => {
    const store = loaded(TWO_INSURERS);
    store.dispatch(insurerChosen('SLHK'));
    const selection = store.getState().headerSelection;
    expect(selection.insurerCode).toBe('slhk');
    expect(selection.channelList).toEqual(['bank']);
    expect(selection.channel).toBe('bank');
    expect(selection.productCodeList).toEqual(['SAV10', 'WL20']);
    expect(selection.productCode).toBe('SAV10');
  });

  it('S-12 choosing another channel limits products to it and the current insurer, first chosen', () => {
    const store = loaded(TWO_INSURERS);
    store.dispatch(channelChosen('broker'));
    const selection = store.getState().headerSelection;
    expect(selection.insurerCode).toBe('phkl');
    expect(selection.channel).toBe('broker');
    expect(selection.productCodeList).toEqual(['TERM05']);
    expect(selection.productCode).toBe('TERM05');
  });

  it('S-13 choosing another product sets it and leaves insurer and channel as they were', () => {
    const store = loaded(TWO_INSURERS);
    store.dispatch(productChosen('CI02'));
    const selection = store.getState().headerSelection;
    expect(selection).toMatchObject({
      insurerCode: 'phkl',
      channel: 'agency',
      productCode: 'CI02',
    });
    expect(selection.productCodeList).toEqual(['WL01', 'CI02']);
  });

  it('the smoking status options follow the chosen insurer', () => {
    const store = loaded(TWO_INSURERS);
    store.dispatch(smokingListsReceived([smokingList('A'), smokingList('B')]));
    expect(store.getState().headerSelection.smokingStatusList[0]?.value).toBe('B-more');
    store.dispatch(insurerChosen('slhk'));
    expect(store.getState().headerSelection.smokingStatusList[0]?.value).toBe('A-more');
    expect(store.getState().headerSelection.smokingStatusList).toHaveLength(5);
  });
});

describe('header selectors', () => {
  it('L-03 L-12 L-13 L-14 with one option each selector is a plain label; insurer and channel uppercase, product lowercase', () => {
    renderWithApp(<HeaderSelectors />, { store: loaded(ONE_INSURER) });
    const group = screen.getByRole('group', { name: 'Insurer, channel and product' });
    expect(within(group).queryAllByRole('button')).toHaveLength(0);
    for (const [label, shown] of [
      ['Insurer', 'PHKL'],
      ['Channel', 'AGENCY'],
      ['Product', 'wl01'],
    ]) {
      expect(within(screen.getByRole('group', { name: label })).getByText(shown!)).toBeTruthy();
    }
  });

  it('L-11 L-13 L-14 S-10 S-11 with several options a selector is a dropdown; choosing an insurer recomputes the others', async () => {
    const user = userEvent.setup();
    const { store } = renderWithApp(<HeaderSelectors />, { store: loaded(TWO_INSURERS) });
    const insurer = screen.getByRole('button', { name: 'Insurer: PHKL' });
    expect(insurer.getAttribute('aria-haspopup')).toBe('listbox');
    expect(screen.getByRole('button', { name: 'Channel: AGENCY' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Product: wl01' })).toBeTruthy();

    await user.click(insurer);
    const listbox = await screen.findByRole('listbox', { name: 'Insurer' });
    const options = within(listbox).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['PHKL', 'SLHK']);
    expect(options[0]!.getAttribute('aria-selected')).toBe('true');
    await user.click(options[1]!);

    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    expect(store.getState().headerSelection.insurerCode).toBe('slhk');
    expect(screen.getByRole('button', { name: 'Insurer: SLHK' })).toBeTruthy();
    // slhk has a single channel: a plain label now.
    expect(within(screen.getByRole('group', { name: 'Channel' })).getByText('BANK')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Product: sav10' })).toBeTruthy();
  });

  it('S-12 S-13 choosing a channel, then a product, by keyboard', async () => {
    const user = userEvent.setup();
    const { store } = renderWithApp(<HeaderSelectors />, { store: loaded(TWO_INSURERS) });
    screen.getByRole('button', { name: 'Channel: AGENCY' }).focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('listbox', { name: 'Channel' });
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(store.getState().headerSelection.channel).toBe('broker'));
    expect(store.getState().headerSelection.productCode).toBe('TERM05');

    act(() => {
      store.dispatch(channelChosen('agency'));
    });
    await user.click(screen.getByRole('button', { name: 'Product: wl01' }));
    await user.click(
      within(await screen.findByRole('listbox', { name: 'Product' })).getByRole('option', {
        name: 'ci02',
      }),
    );
    await waitFor(() => expect(store.getState().headerSelection.productCode).toBe('CI02'));
    expect(store.getState().headerSelection).toMatchObject({
      insurerCode: 'phkl',
      channel: 'agency',
    });
  });

  it('C-19 typed letters jump to a matching item; after a 500 ms pause the next letter starts a new match', async () => {
    const user = userEvent.setup();
    const many = ['alpha', 'bravo', 'bolt', 'charlie'].map((code) =>
      entry(code, 'agency', 'WL01', 'A'),
    );
    renderWithApp(<HeaderSelectors />, { store: loaded(many) });
    await user.click(screen.getByRole('button', { name: 'Insurer: ALPHA' }));
    await screen.findByRole('listbox', { name: 'Insurer' });
    await user.keyboard('bo');
    expect(document.activeElement?.textContent).toBe('BOLT');
    await new Promise((resolve) => setTimeout(resolve, 600));
    await user.keyboard('c');
    expect(document.activeElement?.textContent).toBe('CHARLIE');
    await new Promise((resolve) => setTimeout(resolve, 600));
    await user.keyboard('b');
    expect(document.activeElement?.textContent).toBe('BRAVO');
  });

  it('C-20 a listbox is at most 40vh high', async () => {
    const user = userEvent.setup();
    renderWithApp(<HeaderSelectors />, { store: loaded(TWO_INSURERS) });
    await user.click(screen.getByRole('button', { name: 'Insurer: PHKL' }));
    const listbox = await screen.findByRole('listbox', { name: 'Insurer' });
    const paper = listbox.closest('.MuiPaper-root') as HTMLElement;
    // jsdom resolves viewport units: 40vh of its window's height.
    expect(parseFloat(getComputedStyle(paper).maxHeight)).toBeCloseTo(window.innerHeight * 0.4);
  });
});
