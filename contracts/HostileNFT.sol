// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// Claims ERC-721 but answers name() with 100 KB, reverts symbol() and owner(): the sync must survive it.
contract HostileNFT {
    event Transfer(address indexed from, address indexed to, uint256 indexed tokenId);

    function supportsInterface(bytes4 interfaceId) external pure returns (bool) {
        return interfaceId == 0x80ac58cd || interfaceId == 0x01ffc9a7;
    }

    function name() external pure returns (string memory) {
        bytes memory text = new bytes(100_000);
        for (uint256 i = 0; i < text.length; i++) text[i] = "A";
        return string(text);
    }

    function symbol() external pure returns (string memory) {
        revert("no symbol");
    }

    function owner() external pure returns (address) {
        revert("no owner");
    }

    function emitMany(uint256 count) external {
        for (uint256 i = 0; i < count; i++) emit Transfer(address(0), msg.sender, i);
    }
}
