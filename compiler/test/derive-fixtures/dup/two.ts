export interface Item {
  label: string;
}
