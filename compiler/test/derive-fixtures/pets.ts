/** A pet in the store. */
export interface Pet {
  /** @isInt */
  id: number;
  /** The pet's name. @minLength 1 */
  name: string;
  tag?: string;
  born?: Date;
  kind: 'cat' | 'dog';
}

export interface Problem {
  message: string;
}
