// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC721} from "@openzeppelin/contracts/token/ERC721/ERC721.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

/// An ERC-721 collection with an EIP-173 owner who mints; any holder may burn their token.
contract TestERC721 is ERC721, Ownable {
    constructor(string memory name_, string memory symbol_) ERC721(name_, symbol_) Ownable(msg.sender) {}

    function mint(address to, uint256 tokenId) external onlyOwner {
        _mint(to, tokenId);
    }

    /// Mints `count` tokens from `firstId` on in one transaction (for benchmarks: many transfers, few transactions).
    function mintMany(address to, uint256 firstId, uint256 count) external onlyOwner {
        for (uint256 i = 0; i < count; i++) _mint(to, firstId + i);
    }

    function burn(uint256 tokenId) external {
        _update(address(0), tokenId, _msgSender());
    }
}
