export interface Item {
  id: number;
}
