import type { CatalogService } from '../catalog/catalog-service.ts';
import type { CatalogView, ProductView } from '../catalog/catalog-view.ts';
import { HttpError, type FieldError } from '../http/errors.ts';
import type { DisclosureRow } from './disclosure-repository.ts';

/** The insurer, channel and product a disclosure is for. */
export interface ProductCodes {
  insurerCode: string;
  channel: string;
  productCode: string;
}

/** The catalogue version a document names, or the active one when it names none (400 if unknown). */
export async function catalogFor(catalog: CatalogService, version: string): Promise<CatalogView> {
  if (version === '') return catalog.active();
  const view = await catalog.version(version);
  if (!view) {
    throw new HttpError(400, 'disclosure_document_invalid', [
      { path: 'disclosureJson.catalogVersion', message: 'disclosure_catalog_version_unknown' },
    ]);
  }
  return view;
}

/**
 * A product of the caller's insurers, for a disclosure made without a request: 400 naming a
 * missing or unknown code, 403 for an insurer the caller does not act for.
 */
export function productFor(
  view: CatalogView,
  insurers: readonly string[],
  codes: {
    insurerCode?: string | undefined;
    channel?: string | undefined;
    productCode?: string | undefined;
  },
): ProductView {
  const missing: FieldError[] = (['insurerCode', 'channel', 'productCode'] as const)
    .filter((field) => !codes[field])
    .map((field) => ({ path: field, message: 'field_required' }));
  if (missing.length > 0) throw new HttpError(400, 'bad_request', missing);
  const { insurerCode, channel, productCode } = codes as Required<typeof codes>;
  if (!insurers.includes(insurerCode)) throw new HttpError(403, 'forbidden');
  const insurer = view.catalog.insurers.find((i) => i.code === insurerCode);
  if (!insurer)
    throw new HttpError(400, 'bad_request', [
      { path: 'insurerCode', message: 'field_not_allowed' },
    ]);
  const product = view.product(insurerCode, channel, productCode);
  if (product) return product;
  const channelKnown = insurer.channels.some((c) => c.code.toLowerCase() === channel.toLowerCase());
  throw new HttpError(400, 'bad_request', [
    channelKnown
      ? { path: 'productCode', message: 'insurer_product_unknown' }
      : { path: 'channel', message: 'insurer_channel_unknown' },
  ]);
}

/**
 * A stored disclosure keeps the catalogue version it was answered on: a save, submit or
 * export naming another one is refused (409), so its decisions never move silently. Moving
 * it is the explicit catalogue update.
 */
export function keepCatalogVersion(
  row: Pick<DisclosureRow, 'catalog_version'> | undefined,
  view: CatalogView,
): void {
  if (!row || row.catalog_version === null || row.catalog_version === view.version) return;
  throw new HttpError(409, {
    key: 'disclosure_catalog_version_changed',
    params: { stored: row.catalog_version, sent: view.version },
  });
}

/** The codes of the stored disclosure, or of the product a new one is made for. */
export function productCodes(
  row: Pick<DisclosureRow, 'insurer_code' | 'channel' | 'product_code'> | undefined,
  product: ProductView | undefined,
): ProductCodes {
  return row
    ? { insurerCode: row.insurer_code, channel: row.channel, productCode: row.product_code }
    : {
        insurerCode: product!.insurer.code,
        channel: product!.channel,
        productCode: product!.product.code,
      };
}
