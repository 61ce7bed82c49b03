// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// Declares ERC-1155 and emits TransferBatch events of as many ids as asked, storing nothing: one
/// log can carry tens of thousands of transfers, which the sync must index a bounded slice at a time.
contract FloodERC1155 {
    event TransferBatch(address indexed operator, address indexed from, address indexed to, uint256[] ids, uint256[] values);

    function supportsInterface(bytes4 interfaceId) external pure returns (bool) {
        return interfaceId == 0xd9b67a26 || interfaceId == 0x01ffc9a7;
    }

    function name() external pure returns (string memory) {
        return "Flood";
    }

    /// Mints ids firstId..firstId+count-1 (one each) to the sender in one TransferBatch, encoded by
    /// hand: Solidity's own encoding copies the arrays again and runs out of a block's gas near 10,000 ids.
    function emitBatch(uint256 firstId, uint256 count) external {
        bytes32 topic = keccak256("TransferBatch(address,address,address,uint256[],uint256[])");
        address sender = msg.sender;
        assembly {
            let p := mload(0x40)
            mstore(p, 0x40)
            mstore(add(p, 0x20), add(0x60, mul(count, 0x20)))
            mstore(add(p, 0x40), count)
            let ids := add(p, 0x60)
            let valuesLength := add(ids, mul(count, 0x20))
            mstore(valuesLength, count)
            let values := add(valuesLength, 0x20)
            for { let i := 0 } lt(i, count) { i := add(i, 1) } {
                mstore(add(ids, mul(i, 0x20)), add(firstId, i))
                mstore(add(values, mul(i, 0x20)), 1)
            }
            log4(p, add(0x80, mul(count, 0x40)), topic, sender, 0, sender)
        }
    }
}
