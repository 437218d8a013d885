import {
  channelChosen,
  insurerChosen,
  productChosen,
  selectHeaderSelection,
  type HeaderSelectionState,
} from '../features/header-selection/header-selection-slice.ts';
import {
  disclosureLoaded,
  questionnaireSlice,
} from '../features/questionnaire/questionnaire-slice.ts';
import { listeners } from './listeners.ts';
import { appReducer } from './store.ts';

/*
 * The questionnaire's state and how its events concern the rest of the app, added with the
 * questionnaire's chunk (app/routes/questionnaire.tsx) rather than with every page: its
 * reducers and the domain rules they run stay out of the sign-in page (requirements F-04).
 */
appReducer.inject(questionnaireSlice);

// A disclosure opened from its link belongs to one insurer, channel and product: the header
// shows them, once its own list has arrived (which would otherwise choose the first insurer).
listeners.startListening({
  actionCreator: disclosureLoaded,
  effect: async (action, { dispatch, getState, condition }) => {
    const product = action.payload.session.product;
    if (!product) return;
    const header = () =>
      selectHeaderSelection(getState() as { headerSelection: HeaderSelectionState });
    if (header().status !== 'loaded') await condition(() => header().status === 'loaded');
    const insurerCode = product.insurerCode.toLowerCase();
    const offered = header().fullProductList.some(
      (entry) =>
        entry.insurerCode.toLowerCase() === insurerCode &&
        entry.channel === product.channel &&
        entry.productCode === product.productCode,
    );
    if (!offered) return;
    if (header().insurerCode !== insurerCode) dispatch(insurerChosen(insurerCode));
    if (header().channel !== product.channel) dispatch(channelChosen(product.channel));
    if (header().productCode !== product.productCode) dispatch(productChosen(product.productCode));
  },
});
