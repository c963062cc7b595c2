/** The protocol's Address: `state` is required in every version (empty where a country has none). */
export interface AcpAddress {
  readonly name: string;
  readonly line_one: string;
  readonly line_two?: string;
  readonly city: string;
  readonly state: string;
  readonly country: string;
  readonly postal_code: string;
}

export interface AcpBuyer {
  readonly first_name: string;
  readonly last_name: string;
  readonly email: string;
  readonly phone_number?: string;
}
