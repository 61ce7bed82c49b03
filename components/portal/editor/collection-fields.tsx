"use client";

import type { CollectionFormValues } from "@/lib/portal/collection-form";
import { RELEASE_STATUSES } from "@/lib/schemas/collection";
import { FormSelectField, FormTextField, Section } from "./form-fields";
import { ChainField } from "./chain-field";
import { ContractWarning } from "./contract-warning";
import { FloorPriceField } from "./floor-price-field";
import { ImagePreview } from "./image-preview";

const Text: typeof FormTextField<CollectionFormValues> = FormTextField;

/** Every partner-owned field of a collection, in four groups. */
export function CollectionFields() {
  return (
    <div className="flex flex-col gap-6">
      <Section title="About">
        <Text name="Title" label="Title" kind="required" />
        <ChainField />
        <Text name="Creator" label="Creator" />
        <FormSelectField<CollectionFormValues> name="ReleaseStatus" label="Release status" options={RELEASE_STATUSES} />
        <Text name="CollectionDescription" label="Description" multiline className="sm:col-span-2" />
        <Text name="ImagePic" label="Image URL" type="url" />
        <ImagePreview />
      </Section>
      <Section title="Contract">
        <Text name="ContractAddress" label="Contract address" className="sm:col-span-2" />
        <ContractWarning />
        <Text name="ContractText" label="Contract text" multiline className="sm:col-span-2" />
      </Section>
      <Section title="Links">
        <Text name="Website" label="Website" type="url" />
        <Text name="Discord" label="Discord" type="url" />
        <Text name="Twitter" label="Twitter" type="url" />
        <Text name="MarketPlace" label="Marketplace" />
        <Text name="MarketPlaceLink" label="Marketplace link" type="url" />
        <Text name="marketplaceSlug" label="Marketplace slug" />
      </Section>
      <Section title="Supply and price">
        <FloorPriceField />
        <Text name="PriceRange" label="Price range" />
        <Text name="TokenQuantity" label="Token quantity" type="number" inputProps={{ min: 0, step: 1 }} />
        <Text name="TokenQuantityIssued" label="Tokens issued" type="number" inputProps={{ min: 0, step: 1 }} />
      </Section>
    </div>
  );
}
