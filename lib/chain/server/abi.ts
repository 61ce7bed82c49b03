import { parseAbi, parseAbiItem } from "viem";

/** What identification reads. viem's own `erc721Abi` has no `supportsInterface`, hence this one. */
export const identifyAbi = parseAbi([
  "function supportsInterface(bytes4 interfaceId) view returns (bool)",
  "function name() view returns (string)",
  "function symbol() view returns (string)",
  "function owner() view returns (address)",
]);

export const ERC721_INTERFACE = "0x80ac58cd";
export const ERC1155_INTERFACE = "0xd9b67a26";

export const transfer721 = parseAbiItem("event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)");
export const transferSingle = parseAbiItem(
  "event TransferSingle(address indexed operator, address indexed from, address indexed to, uint256 id, uint256 value)",
);
export const transferBatch = parseAbiItem(
  "event TransferBatch(address indexed operator, address indexed from, address indexed to, uint256[] ids, uint256[] values)",
);
