import type { Catalog, DiseaseListEntry, Impairment, InsurerConfig } from '@vmer/domain';

/** One product of one insurer and channel, with the impairments it offers. */
export interface ProductView {
  insurer: InsurerConfig;
  channel: string;
  product: InsurerConfig['channels'][number]['products'][number];
  offered: readonly Impairment[];
}

/** The conditions the app treats specially (catalog.yaml `settings`). */
interface SpecialImpairments {
  highLowBmi: Impairment | null;
  abnormalBmi: Impairment | null;
  others: Impairment | null;
}

/**
 * A compiled catalogue version with the lookups every questionnaire call needs, built once
 * per version so that those calls only read maps.
 */
export interface CatalogView {
  /** The version number as text, as disclosures record it. */
  version: string;
  catalog: Catalog;
  impairment(uuid: string): Impairment | undefined;
  /** The chooser's summary of an impairment: everything but its questions. */
  entry(impairment: Impairment): DiseaseListEntry;
  /** A product, matched without regard to case (the header shows codes upper- or lower-case). */
  product(insurerCode: string, channel: string, productCode: string): ProductView | undefined;
  specials: SpecialImpairments;
  /** Whether any product of these insurers offers the impairment, or it is a special one. */
  offeredTo(insurers: readonly string[], uuid: string): boolean;
}

const productKey = (insurer: string, channel: string, product: string) =>
  [insurer, channel, product].map((code) => code.toLowerCase()).join('\0');

export function buildCatalogView(version: string, catalog: Catalog): CatalogView {
  const byUuid = new Map(catalog.impairments.map((impairment) => [impairment.uuid, impairment]));
  const entries = new Map<string, DiseaseListEntry>(
    catalog.impairments.map(({ questionList: _questions, ...entry }) => [entry.uuid, entry]),
  );
  const products = new Map<string, ProductView>();
  const offeredByInsurer = new Map<string, Set<string>>();
  for (const insurer of catalog.insurers) {
    const offered = offeredByInsurer.get(insurer.code) ?? new Set<string>();
    offeredByInsurer.set(insurer.code, offered);
    for (const channel of insurer.channels) {
      for (const product of channel.products) {
        const list =
          product.impairments === 'all'
            ? catalog.impairments
            : product.impairments.flatMap((uuid) => byUuid.get(uuid) ?? []);
        for (const impairment of list) offered.add(impairment.uuid);
        products.set(productKey(insurer.code, channel.code, product.code), {
          insurer,
          channel: channel.code,
          product,
          offered: list,
        });
      }
    }
  }
  const { settings } = catalog;
  const named = (name: string) => catalog.impairments.find((i) => i.name.en === name) ?? null;
  const specials: SpecialImpairments = {
    highLowBmi: named(settings.highLowBmiImpairmentName),
    abnormalBmi: named(settings.abnormalBmiImpairmentName),
    others: byUuid.get(settings.otherImpairment) ?? null,
  };
  const specialUuids = new Set(
    Object.values(specials).flatMap((impairment: Impairment | null) => impairment?.uuid ?? []),
  );

  return {
    version,
    catalog,
    impairment: (uuid) => byUuid.get(uuid),
    entry: (impairment) => entries.get(impairment.uuid) ?? impairment,
    product: (insurerCode, channel, productCode) =>
      products.get(productKey(insurerCode, channel, productCode)),
    specials,
    offeredTo: (insurers, uuid) =>
      specialUuids.has(uuid) || insurers.some((code) => offeredByInsurer.get(code)?.has(uuid)),
  };
}
