import { parseAbi } from "viem";

/** The delegate registry v2 (delegate.xyz): one immutable contract at this address on every EVM chain. */
export const DELEGATE_REGISTRY = "0x00000000000000447e69651d841bD8D104Bed493";

/** What the service reads of it (and what tests write): the registry's own v2 interface. */
export const delegateRegistryAbi = parseAbi([
  "struct Delegation { uint8 type_; address to; address from; bytes32 rights; address contract_; uint256 tokenId; uint256 amount; }",
  "function getIncomingDelegations(address to) view returns (Delegation[] delegations)",
  "function delegateAll(address to, bytes32 rights, bool enable) payable returns (bytes32)",
  "function delegateContract(address to, address contract_, bytes32 rights, bool enable) payable returns (bytes32)",
  "function delegateERC721(address to, address contract_, uint256 tokenId, bytes32 rights, bool enable) payable returns (bytes32)",
  "function delegateERC1155(address to, address contract_, uint256 tokenId, bytes32 rights, uint256 amount) payable returns (bytes32)",
  "function checkDelegateForContract(address to, address from, address contract_, bytes32 rights) view returns (bool)",
  "function checkDelegateForERC721(address to, address from, address contract_, uint256 tokenId, bytes32 rights) view returns (bool)",
  "function checkDelegateForERC1155(address to, address from, address contract_, uint256 tokenId, bytes32 rights) view returns (uint256)",
]);

/** Rights of a full delegation: the only ones the service counts (rights given for a purpose, such as airdrops, are that purpose's). */
export const NO_RIGHTS = `0x${"0".repeat(64)}` as const;

/** The registry's `DelegationType` values the service counts (NONE is a revoked delegation, ERC20 no NFT). */
export const DELEGATION_TYPES = { 1: "All", 2: "Contract", 3: "ERC721", 5: "ERC1155" } as const;
export type DelegationKind = (typeof DELEGATION_TYPES)[keyof typeof DELEGATION_TYPES];
