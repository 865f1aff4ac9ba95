export interface Pet {
  name: string;
  born: () => Date;
}

export class Account {
  id = '';
  describe(): string {
    return this.id;
  }
}

export interface Bad {
  key: symbol;
  nothing: void;
  never: never;
  lookup: Map<string, number>;
  unique: Set<string>;
  later: Promise<string>;
  pattern: RegExp;
  pet: Pet;
}

export type IsString<T> = T extends string ? 'yes' : 'no';
export interface Deferred<T> {
  answer: IsString<T>;
}

/** @minimum lots */
export type Count = number;
export interface Counted {
  /** @minimum lots */
  count: number;
}
