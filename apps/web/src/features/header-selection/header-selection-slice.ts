import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { SmokingList, SmokingOption } from '@vmer/domain/model';
import { insurerListApi, type InsurerListEntry } from './api/insurer-list-api.ts';

/**
 * The header's insurer, channel and product selection (requirements §3 "Header selection", §4): the
 * chosen codes, the lists the selectors offer, the full unfiltered product list, and the
 * smoking status options that follow the chosen insurer.
 */
export interface HeaderSelectionState {
  /** Whether the insurer list is here: not asked yet, on its way, here, or refused. */
  status: 'idle' | 'loading' | 'loaded' | 'failed';
  insurerCode: string;
  channel: string;
  productCode: string;
  insurerCodeList: string[];
  channelList: string[];
  productCodeList: string[];
  /** Every insurer × channel × product entry of the insurer list, unfiltered. */
  fullProductList: InsurerListEntry[];
  /** Both smoking lists, as user info carries them. */
  smokingLists: SmokingList[];
  /** The chosen insurer's smoking status options. */
  smokingStatusList: SmokingOption[];
}

const initialState: HeaderSelectionState = {
  status: 'idle',
  insurerCode: '',
  channel: '',
  productCode: '',
  insurerCodeList: [],
  channelList: [],
  productCodeList: [],
  fullProductList: [],
  smokingLists: [],
  smokingStatusList: [],
};

function distinct(values: string[]): string[] {
  return [...new Set(values)];
}

function entriesOf(state: HeaderSelectionState, insurerCode: string): InsurerListEntry[] {
  return state.fullProductList.filter((entry) => entry.insurerCode.toLowerCase() === insurerCode);
}

function chooseProductsOf(state: HeaderSelectionState, channel: string): void {
  state.channel = channel;
  state.productCodeList = distinct(
    entriesOf(state, state.insurerCode)
      .filter((entry) => entry.channel === channel)
      .map((entry) => entry.productCode),
  );
  state.productCode = state.productCodeList[0] ?? '';
}

function chooseSmokingList(state: HeaderSelectionState): void {
  const listId = entriesOf(state, state.insurerCode)[0]?.smokingList;
  state.smokingStatusList = state.smokingLists.find((list) => list.id === listId)?.options ?? [];
}

function chooseInsurer(state: HeaderSelectionState, insurerCode: string): void {
  state.insurerCode = insurerCode.toLowerCase();
  state.channelList = distinct(entriesOf(state, state.insurerCode).map((entry) => entry.channel));
  chooseProductsOf(state, state.channelList[0] ?? '');
  chooseSmokingList(state);
}

/** The insurer list arrived: first insurer, its first channel, first product (requirements §4). */
function loadInsurerList(state: HeaderSelectionState, entries: InsurerListEntry[]): void {
  state.status = 'loaded';
  state.fullProductList = entries;
  state.insurerCodeList = distinct(entries.map((entry) => entry.insurerCode.toLowerCase()));
  chooseInsurer(state, state.insurerCodeList[0] ?? '');
}

export const headerSelectionSlice = createSlice({
  name: 'headerSelection',
  initialState,
  reducers: {
    insurerListLoaded(state, action: PayloadAction<InsurerListEntry[]>) {
      loadInsurerList(state, action.payload);
    },
    insurerChosen(state, action: PayloadAction<string>) {
      chooseInsurer(state, action.payload);
    },
    channelChosen(state, action: PayloadAction<string>) {
      chooseProductsOf(state, action.payload);
    },
    productChosen(state, action: PayloadAction<string>) {
      state.productCode = action.payload;
    },
    smokingListsReceived(state, action: PayloadAction<SmokingList[]>) {
      state.smokingLists = action.payload;
      chooseSmokingList(state);
    },
  },
  extraReducers: (builder) => {
    builder
      .addMatcher(insurerListApi.endpoints.getInsurerList.matchPending, (state) => {
        if (state.status !== 'loaded') state.status = 'loading';
      })
      .addMatcher(insurerListApi.endpoints.getInsurerList.matchFulfilled, (state, action) =>
        loadInsurerList(state, action.payload),
      )
      .addMatcher(insurerListApi.endpoints.getInsurerList.matchRejected, (state) => {
        if (state.status !== 'loaded') state.status = 'failed';
      });
  },
  selectors: {
    selectHeaderSelection: (state) => state,
  },
});

export const {
  insurerListLoaded,
  insurerChosen,
  channelChosen,
  productChosen,
  smokingListsReceived,
} = headerSelectionSlice.actions;
export const { selectHeaderSelection } = headerSelectionSlice.selectors;
