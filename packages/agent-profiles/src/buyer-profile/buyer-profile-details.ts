/** Who buys and where it ships. Never payment data: there is no field for it. */
export interface BuyerProfileDetails {
  readonly label?: string;
  readonly name?: { readonly first: string; readonly last: string };
  readonly contact?: { readonly email?: string; readonly phone?: string };
  readonly shipping: {
    readonly addressLines: string[];
    readonly locality: string;
    readonly administrativeAreaCode?: string;
    readonly postalCode?: string;
    readonly countryCode: string;
  };
}

/** A partial update: given fields replace the stored ones, `null` removes an optional one. */
export type BuyerProfileChanges = {
  readonly [Field in keyof BuyerProfileDetails]?: Field extends 'shipping'
    ? BuyerProfileDetails[Field]
    : BuyerProfileDetails[Field] | null;
};
