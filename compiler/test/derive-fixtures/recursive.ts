export interface TreeNode {
  value: number;
  children?: TreeNode[];
}

export interface File {
  name: string;
  size: number;
}
export interface Folder {
  name: string;
  entries: Entry[];
  parent?: Folder;
}
export type Entry = File | Folder;

export interface Link {
  value: string;
  next: Link | null;
}

export interface Forest {
  trees: TreeNode[];
  first: TreeNode;
}

export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
